// npm run ops -- payout list [requested|approved|paid|rejected|cancelled] [--persist-to DIR | --remote]
// npm run ops -- payout (approve|pay|reject) <withdrawId> --as <staff loginId> [--url http://localhost:8787]
//
// Creator payouts for operators. `list` reads D1 (no server needed). The decisions go through the staff API
// (POST /api/admin/payouts/<id>/approve|pay|reject) of a running Worker, signed in as a staff member (P or O)
// whose password is read from OPS_PASSWORD: paying and rejecting move luv, and the ledger's rules (one batch
// with the withdrawal's state change, idempotency keys, no negative balance) live in the Worker only
// (src/api/services/payouts.ts), so this script never writes money itself. `pay` means the bank transfer
// has been made: the withdrawal's luv then leaves the ledger.
import { d1Query } from '../lib/wrangler.mjs';
import { answerOf, asStaff } from '../lib/staff-session.mjs';

export const PAYOUT_USAGE =
  'npm run ops -- payout list [status] | npm run ops -- payout (approve|pay|reject) <withdrawId> --as <staff loginId> [--url http://localhost:8787] (password in OPS_PASSWORD)';
const STATUSES = ['requested', 'approved', 'paid', 'rejected', 'cancelled'];
const ACTIONS = ['approve', 'pay', 'reject'];

function usage() {
  console.error(`usage: ${PAYOUT_USAGE}`);
  process.exit(2);
}

async function list(status, target) {
  if (status !== undefined && !STATUSES.includes(status)) usage();
  const rows = await d1Query(
    `SELECT p.id, m.login_id AS loginId, m.nickname, p.luv, p.net_krw AS netKrw, p.income_tax_krw + p.local_tax_krw AS withholdingKrw, p.fee_krw AS feeKrw,
       p.bank_code AS bank, p.bank_account AS account, p.bank_holder_name AS holder, p.status,
       strftime('%Y-%m-%d %H:%M', p.requested_at / 1000, 'unixepoch') AS requestedUtc
     FROM payouts p JOIN members m ON m.id = p.member_id WHERE (?1 IS NULL OR p.status = ?1) ORDER BY p.id DESC LIMIT 200`,
    [status ?? null],
    target,
  );
  if (rows.length === 0) console.log(`no withdrawals${status ? ` in status ${status}` : ''}`);
  else console.table(rows);
}

async function decide(action, idText, argv) {
  if (!/^[1-9]\d{0,14}$/.test(idText ?? '')) usage();
  await asStaff(argv, PAYOUT_USAGE, async (session) => {
    const body = await answerOf(await session.post(`/api/admin/payouts/${idText}/${action}`, {}), `${action} ${idText}`);
    if (!body) return;
    const w = body.withdrawal;
    console.log(
      `withdrawal ${w.withdrawId} of ${w.loginId}: ${w.status}${body.replayed ? ' (already)' : ''}; ${w.luv} luv, net ${w.netKrw} KRW to ${w.bankCode} ${w.bankAccount} (${w.bankHolderName})`,
    );
  });
}

export async function payout(argv, target) {
  const words = target.words;
  const [, sub, arg] = words;
  if (sub === 'list') return list(arg, target);
  if (ACTIONS.includes(sub)) {
    if (target.remote) throw new Error('decisions go through a running Worker: use --url https://<site> instead of --remote');
    return decide(sub, arg, argv);
  }
  usage();
}
