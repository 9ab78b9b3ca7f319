// What the subscription test files share: a member with luv, a viewer beside a creator's channel, the hourly
// renewal run as the Cron Trigger calls it (the ledger's invariants after it: ledger-audit.ts).
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from 'cloudflare:test';
import worker from '../../src/index';
import { creditPurchase } from '../../src/api/services/ledger';
import { insertChannel, signedIn } from './watch-fixtures';

let keys = 0;
export const newKey = () => `s${Date.now()}${++keys}`.padEnd(8, '0');
export const fund = (memberId: number, amount: number) => creditPurchase(env.DB, { memberId, amount, key: `test-purchase:${newKey()}` });

/** The Worker's scheduled handler at a fixed time, as the Cron Trigger calls it. */
export async function runCron(at: number) {
  const ctx = createExecutionContext();
  worker.scheduled!(createScheduledController({ scheduledTime: at, cron: '7 * * * *' }), env, ctx);
  await waitOnExecutionContext(ctx);
}

export async function viewerAndChannel(luv = 100) {
  const viewer = await signedIn();
  const creator = await signedIn();
  const channel = await insertChannel({ ownerId: creator.id });
  if (luv) await fund(viewer.id, luv);
  return { viewer, creator, channel };
}
