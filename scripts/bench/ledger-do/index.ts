import { DurableObject } from 'cloudflare:workers';
import { creditPurchase, gift } from '../../../src/api/services/ledger';
import { auditAccounts } from '../../../src/db/ledger';
import { Refusal } from '../../../src/lib/errors';

// The question (docs/decisions.md, "Money"): should one Durable Object per wallet serialize money movements? Both ways run
// the ledger's own gift() (src/api/services/ledger.ts) against the same D1: 'direct' as the API does today
// (D1 serializes writes; CHECK balance_non_negative undoes an overdraft), 'do' through the sender's
// WalletSerializer, which lets one movement of its wallet run at a time. Same workload, same process.

interface Env {
  DB: D1Database;
  WALLET: DurableObjectNamespace<WalletSerializer>;
}

interface GiftCall {
  from: number;
  to: number;
  amount: number;
  key: string;
}

/** 'applied', 'replayed' or the refusal's code: the answer a caller would act on. */
async function giftOutcome(db: D1Database, call: GiftCall): Promise<string> {
  try {
    return (await gift(db, call)).status;
  } catch (error) {
    if (error instanceof Refusal) return error.code;
    throw error;
  }
}

/** One per wallet (named by its member id): its movements queue here, one at a time, before D1. */
export class WalletSerializer extends DurableObject<Env> {
  private tail: Promise<unknown> = Promise.resolve();

  async gift(call: GiftCall): Promise<string> {
    // Input gates do not hold other requests while this object waits on D1, so the queue is explicit.
    const run = this.tail.then(() => giftOutcome(this.env.DB, call));
    this.tail = run.catch(() => undefined);
    return run;
  }
}

/** Members (rows only: the ledger needs an owner) with funded wallets, and creators with earnings. */
async function setup(env: Env, { senders, creators, luv }: { senders: number; creators: number; luv: number }) {
  const run = crypto.randomUUID().slice(0, 8);
  const insert = (role: string, i: number) =>
    env.DB.prepare("INSERT INTO members (login_id, nickname, password_hash) VALUES (?, ?, 'x') RETURNING id")
      .bind(`${role}${run}${i}`, `${role}${run.slice(0, 6)}${i}`)
      .first<{ id: number }>()
      .then((row) => row!.id);
  const senderIds = await Promise.all(Array.from({ length: senders }, (_, i) => insert('s', i)));
  const creatorIds = await Promise.all(Array.from({ length: creators }, (_, i) => insert('c', i)));
  await Promise.all(senderIds.map((id) => creditPurchase(env.DB, { memberId: id, amount: luv, key: `bench-fund:${run}:${id}` })));
  return { senders: senderIds, creators: creatorIds };
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname === '/ready') return Response.json({ ok: true });
    if (pathname === '/setup') return Response.json(await setup(env, await request.json()));
    if (pathname === '/audit') return Response.json(await auditAccounts(env.DB));
    if (pathname === '/gift/direct' || pathname === '/gift/do') {
      const call = (await request.json()) as GiftCall;
      const outcome = pathname === '/gift/direct' ? await giftOutcome(env.DB, call) : await env.WALLET.get(env.WALLET.idFromName(String(call.from))).gift(call);
      return Response.json({ outcome });
    }
    return new Response('not found', { status: 404 });
  },
} satisfies ExportedHandler<Env>;
