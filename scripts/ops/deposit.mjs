// npm run ops -- deposit <orderId> [amount] [--port N] [--persist-to DIR]
// The dev PG's deposit into an order's virtual account (PG_PROVIDER=dev): reads the dev PG's payment of the order
// from local D1, then POSTs a PAYMENT_STATUS_CHANGED (DONE) webhook signed as the dev PG signs it (Toss's scheme:
// tosspayments-webhook-signature "v1:" + base64 HMAC-SHA256 of "<body>:<transmission time>", key
// DEV_PG_WEBHOOK_SECRET of config/development.env) to the running local server. Without an amount it deposits
// the order's; another amount is a wrong deposit (status 6). Local only: the deployed Worker has no dev PG.
// The MAC is the Worker's own (src/lib/crypto.ts, WebCrypto and no imports), which Node 22 loads as TypeScript
// (type stripping); imported when a deposit is made, so the other ops commands do not depend on it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { d1Query } from '../lib/wrangler.mjs';

export const DEPOSIT_USAGE = 'npm run ops -- deposit <orderId> [amount] [--port 8787]';

function devSecret() {
  const line = readFileSync(join(process.cwd(), 'config', 'development.env'), 'utf8')
    .split('\n')
    .find((l) => l.startsWith('DEV_PG_WEBHOOK_SECRET='));
  if (!line) throw new Error('DEV_PG_WEBHOOK_SECRET is not in config/development.env');
  return line.slice(line.indexOf('=') + 1).trim();
}

/** The body and headers the dev PG sends (src/api/providers/pg devDepositBody and signWebhook). */
export async function signedDeposit({ paymentKey, orderId, amount, secret }, key, time = new Date().toISOString()) {
  const { hmacBase64, randomToken } = await import('../../src/lib/crypto.ts');
  const body = JSON.stringify({
    eventType: 'PAYMENT_STATUS_CHANGED',
    createdAt: new Date().toISOString(),
    data: {
      paymentKey,
      orderId,
      status: 'DONE',
      totalAmount: amount,
      balanceAmount: amount,
      method: '가상계좌',
      secret,
      lastTransactionKey: `dev_tx_${randomToken(9)}`,
      approvedAt: new Date().toISOString(),
    },
  });
  const mac = await hmacBase64(key, `${body}:${time}`);
  return { body, headers: { 'content-type': 'application/json', 'tosspayments-webhook-signature': `v1:${mac}`, 'tosspayments-webhook-transmission-time': time } };
}

/** `deposit <orderId> [amount]` with --port N (and the target options parseTarget already read) taken out. */
function depositArgs(argv) {
  const words = [];
  let port = 8787;
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] === '--port') port = Number(argv[++i]);
    else if (argv[i] === '--persist-to') i += 1;
    else if (!argv[i].startsWith('--')) words.push(argv[i]);
  }
  return { orderId: words[1], amountText: words[2], port, extra: words.length > 3 };
}

export async function deposit(argv, options) {
  const { orderId, amountText, port, extra } = depositArgs(argv);
  if (options.remote) throw new Error('deposit is for the local dev PG only');
  if (extra || !Number.isSafeInteger(port) || !/^[A-Za-z0-9_-]{6,64}$/.test(orderId ?? '') || (amountText !== undefined && !/^[1-9]\d{0,12}$/.test(amountText))) {
    console.error(`usage: ${DEPOSIT_USAGE}`);
    process.exit(2);
  }
  const rows = await d1Query(
    `SELECT d.payment_key AS paymentKey, d.secret, p.amount, p.status FROM dev_pg_payments d JOIN payments p ON p.order_id = d.order_id
     WHERE d.order_id = ? AND d.choice = 'virtual_account' ORDER BY d.created_at DESC LIMIT 1`,
    [orderId],
    options,
  );
  if (rows.length !== 1) {
    console.error(`no virtual account of the dev PG for order ${orderId} (choose "pay by virtual account" on its checkout, then confirm)`);
    process.exit(1);
  }
  const [{ paymentKey, secret, amount: orderAmount, status }] = rows;
  const amount = amountText === undefined ? orderAmount : Number(amountText);
  const { body, headers } = await signedDeposit({ paymentKey, orderId, amount, secret }, devSecret());
  const res = await fetch(`http://127.0.0.1:${port}/api/payments/webhook`, { method: 'POST', headers, body });
  const answer = await res.text();
  console.log(`deposit of ${amount} KRW into order ${orderId} (status ${status} before): HTTP ${res.status} ${answer}`);
  if (!res.ok) process.exit(1);
}
