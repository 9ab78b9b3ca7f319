// npm run ops -- agency grant <loginId> <name> | agency list | agency invite <agencyLoginId> <creatorLoginId>
//   [--days N] [--message TEXT] [--contract FILE.pdf] | agency invites [<agencyLoginId>]   (--remote too)
// Agencies are member accounts with the agency role (a row in `agencies`). `invite` does what the agency's
// page does (POST /api/agency/invites): the creator sees it under /my/agency-invites and answers there. A
// contract must be a PDF (its bytes say so) of at most 10 MB; it is stored like an upload, locally only.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { d1Query } from '../lib/wrangler.mjs';
import { uploadKey, withLocalStore } from '../lib/local-store.mjs';

export const AGENCY_USAGE =
  'npm run ops -- agency grant <loginId> <name> | agency list | agency invite <agencyLoginId> <creatorLoginId> [--days N] [--message TEXT] [--contract FILE.pdf] | agency invites [<agencyLoginId>] [--remote]';

const DAY_MS = 24 * 60 * 60 * 1000;
const LOGIN_ID = /^[A-Za-z0-9_]{1,40}$/;

function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

async function memberId(loginId, target) {
  if (!LOGIN_ID.test(loginId ?? '')) fail(`usage: ${AGENCY_USAGE}`, 2);
  const [row] = await d1Query('SELECT id FROM members WHERE login_id = ? COLLATE NOCASE', [loginId], target);
  if (!row) fail(`no member with login ID ${loginId}`);
  return row.id;
}

async function grant(loginId, name, target) {
  if (!name || name.length > 40) fail(`the agency's name: 1-40 characters\nusage: ${AGENCY_USAGE}`, 2);
  const id = await memberId(loginId, target);
  await d1Query('INSERT INTO agencies (member_id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (member_id) DO UPDATE SET name = excluded.name', [id, name, Date.now()], target);
  console.log(`${loginId} is the agency "${name}" (${target.remote ? 'remote' : 'local'}); its page is /agency`);
}

async function list(target) {
  const rows = await d1Query(
    'SELECT m.login_id AS loginId, a.name, (SELECT COUNT(*) FROM channels c WHERE c.agency_id = a.member_id) AS channels FROM agencies a JOIN members m ON m.id = a.member_id ORDER BY a.created_at',
    [],
    target,
  );
  if (rows.length === 0) return console.log('no agencies');
  for (const r of rows) console.log(`${r.loginId}\t${r.name}\t${r.channels} channel(s)`);
}

async function storeContract(path, ownerId, target) {
  if (target.remote) fail('a contract is uploaded from the agency page (/agency) on the deployed site; --remote takes invites without one');
  const bytes = readFileSync(path);
  if (bytes.length > 10 * 1024 * 1024) fail('the contract is over 10 MB');
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') fail('the contract is not a PDF (its first bytes are not %PDF-)');
  const key = await uploadKey('pdf');
  await withLocalStore(target, async ({ db, uploads }) => {
    await uploads.put(key, bytes, { httpMetadata: { contentType: 'application/pdf' } });
    await db
      .prepare("INSERT INTO uploads (key, owner_id, purpose, content_type, size, created_at) VALUES (?, ?, 'agency-contract', 'application/pdf', ?, ?)")
      .bind(key, ownerId, bytes.length, Date.now())
      .run();
  });
  return key;
}

async function invite(agencyLogin, creatorLogin, values, target) {
  const agencyId = await memberId(agencyLogin, target);
  const [agency] = await d1Query('SELECT name FROM agencies WHERE member_id = ?', [agencyId], target);
  if (!agency) fail(`${agencyLogin} is not an agency (npm run ops -- agency grant ${agencyLogin} <name>)`);
  const creatorId = await memberId(creatorLogin, target);
  const [channel] = await d1Query('SELECT id, agency_id AS agencyId FROM channels WHERE owner_id = ?', [creatorId], target);
  if (!channel) fail(`${creatorLogin} has no channel`);
  if (channel.agencyId === agencyId) fail(`${creatorLogin}'s channel is with ${agency.name} already`);
  const days = Number(values.days ?? 14);
  if (!Number.isInteger(days) || days < 1 || days > 30) fail('--days: 1 to 30', 2);
  const message = values.message ?? '';
  if (message.length > 1000) fail('--message: at most 1000 characters', 2);
  const now = Date.now();
  const [open] = await d1Query("SELECT id FROM agency_invites WHERE agency_id = ? AND channel_id = ? AND status = 'pending' AND expires_at > ?", [agencyId, channel.id, now], target);
  if (open) fail(`invite ${open.id} to ${creatorLogin} is still open`);
  const contractKey = values.contract ? await storeContract(values.contract, agencyId, target) : null;
  const [row] = await d1Query(
    'INSERT INTO agency_invites (agency_id, channel_id, creator_id, message, contract_key, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id',
    [agencyId, channel.id, creatorId, message, contractKey, now, now + days * DAY_MS],
    target,
  );
  console.log(`invite ${row.id}: ${agency.name} -> ${creatorLogin} (channel ${channel.id}), open ${days} day(s)${contractKey ? ', with a contract' : ''}; they answer at /my/agency-invites`);
}

async function invites(agencyLogin, target) {
  const params = [];
  let where = '';
  if (agencyLogin) {
    where = 'WHERE i.agency_id = ?';
    params.push(await memberId(agencyLogin, target));
  }
  const rows = await d1Query(
    `SELECT i.id, a.name, m.login_id AS creator, i.status, i.expires_at AS expiresAt, i.contract_key IS NOT NULL AS contract FROM agency_invites i
     JOIN agencies a ON a.member_id = i.agency_id JOIN members m ON m.id = i.creator_id ${where} ORDER BY i.id DESC LIMIT 100`,
    params,
    target,
  );
  if (rows.length === 0) return console.log('no invites');
  const now = Date.now();
  for (const r of rows) {
    const status = r.status === 'pending' && r.expiresAt <= now ? 'expired' : r.status;
    console.log(`${r.id}\t${r.name}\t-> ${r.creator}\t${status}\tuntil ${new Date(r.expiresAt).toISOString()}${r.contract ? '\tcontract' : ''}`);
  }
}

/** `argv`: the command line after `ops` (the word `agency` included); `target`: parseTarget's. */
export async function agency(argv, target) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { days: { type: 'string' }, message: { type: 'string' }, contract: { type: 'string' }, remote: { type: 'boolean' }, 'persist-to': { type: 'string' } },
  });
  const [, sub, a, ...rest] = positionals;
  if (sub === 'grant') return grant(a, rest.join(' ').trim(), target);
  if (sub === 'list') return list(target);
  if (sub === 'invite') return invite(a, rest[0], values, target);
  if (sub === 'invites') return invites(a, target);
  fail(`usage: ${AGENCY_USAGE}`, 2);
}
