// The ledger's model test (tests/worker/ledger.test.ts) extended to items, subscriptions and the exchange: random
// sequences of luv purchases, coupons, gifts, item purchases and item gifts, subscriptions and exchange-event
// applies (with the event's window opening and closing), each now and then replayed with its key, checked step
// by step against a plain model. Refusals are part of the model (short wallets, short earnings, the exchange
// caps, a closed window, items not held, subscribing twice or to oneself). After each run: every balance is the
// model's, every account equals the sum of its entries, no member account is below zero, the ledger sums to
// zero, and every inventory is the model's.
//
// PAYOUTS: creator payouts (earnings -> payout_pending -> pg_clearing, or back) are another helper's. Add them
// where the comments marked "PAYOUTS" say: a command in `command`, a case in `modelStep` and `runStep`, and the
// payout_pending accounts in the end-of-run check.
import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { heldQuantity } from '../../src/db/items';
import { couponGrant, creditPurchase, earningsOf, gift, systemAccount, walletOf } from '../../src/api/services/ledger';
import { buyItem, giftItem } from '../../src/api/services/items';
import { subscribe } from '../../src/api/services/subscriptions';
import { applyExchange } from '../../src/api/services/exchange';
import { EXCHANGE_EVENT_KEY } from '../../src/lib/exchange-event';
import { creditedFor } from '../../src/shared/exchange-rules';
import { catalogueItem } from '../../src/shared/item-catalogue';
import { SUBSCRIPTION_CREATOR_SHARE_PERCENT } from '../../src/api/services/ledger';
import { SUBSCRIPTION_PLANS } from '../../src/shared/subscription-plans';
import { Refusal } from '../../src/lib/errors';
import { balancesOf, expectLedgerHolds } from './ledger-audit';

const db = () => env.DB;
const MEMBERS = 3;
const ITEM = '100'; // LEX
const ITEM_PRICE = catalogueItem(ITEM)!.price;
const SUB_PRICE = SUBSCRIPTION_PLANS.month1.luv;
const SUB_CREATOR = Math.floor((SUB_PRICE * SUBSCRIPTION_CREATOR_SHARE_PERCENT) / 100);
const MEMBER_CAP = 80;
const TOTAL_CAP = 150;
const RATES = [1100, 1000, 500, 1234] as const;

let serial = 0;
async function newMember(): Promise<{ id: number; loginId: string }> {
  serial += 1;
  const loginId = `em${Date.now().toString(36)}${serial}`;
  const row = await db().prepare("INSERT INTO members (login_id, nickname, password_hash) VALUES (?, ?, 'x') RETURNING id").bind(loginId, loginId.slice(-12)).first<{ id: number }>();
  return { id: row!.id, loginId };
}
async function newChannel(ownerId: number): Promise<number> {
  serial += 1;
  const row = await db().prepare("INSERT INTO channels (owner_id, title, stream_key) VALUES (?, 'model', ?) RETURNING id").bind(ownerId, `model-key-${Date.now()}-${serial}`).first<{ id: number }>();
  return row!.id;
}

const uniqueKey = (() => {
  let n = 0;
  const run = crypto.randomUUID().slice(0, 8);
  return (label: string) => `${label}_${run}_${++n}`;
})();

/** One step: members are indexes into the run's members; a replay repeats an earlier step, key and all. */
type Command =
  | { op: 'purchase' | 'coupon'; member: number; amount: number }
  | { op: 'gift'; from: number; to: number; amount: number }
  | { op: 'buyItem'; member: number; quantity: number }
  | { op: 'giftItem'; from: number; to: number; quantity: number }
  | { op: 'subscribe'; member: number; channel: number }
  | { op: 'exchange'; member: number; amount: number }
  | { op: 'window'; open: boolean }
  // PAYOUTS: | { op: 'payoutRequest'; member: number; amount: number } | { op: 'payoutCancel'; step: number } ...
  | { op: 'replay'; step: number };
type Action = Exclude<Command, { op: 'replay' }>;

const member = fc.nat(MEMBERS - 1);
// Weighted so that luv comes in often enough for gifts, items, subscriptions and exchanges to apply, and still
// often exceeds what is held (refusals).
const command: fc.Arbitrary<Command> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('purchase' as const), member, amount: fc.integer({ min: 1, max: 600 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('coupon' as const), member, amount: fc.integer({ min: 1, max: 200 }) }) },
  { weight: 6, arbitrary: fc.record({ op: fc.constant('gift' as const), from: member, to: member, amount: fc.integer({ min: 1, max: 200 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('buyItem' as const), member, quantity: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('giftItem' as const), from: member, to: member, quantity: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('subscribe' as const), member, channel: member }) },
  { weight: 6, arbitrary: fc.record({ op: fc.constant('exchange' as const), member, amount: fc.integer({ min: 1, max: 60 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('window' as const), open: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('replay' as const), step: fc.nat(1000) }) },
  // The step just before, again (a double click, a retry after a lost answer).
  { weight: 2, arbitrary: fc.constant({ op: 'replay' as const, step: -1 }) },
);

/**
 * A scripted run played before the random ones (fast-check's `examples`), for the answers random runs reach least:
 * after the prologue members 0 and 1 hold 300 earnings each, so four exchanges take the total to the cap (about one
 * random set of runs in fifty reached it only by chance), then member 0 meets their own cap, a purchase comes twice,
 * member 1 subscribes to the same channel twice, and member 2 buys and gives items until their wallet runs dry (a
 * random set of runs once reached no gift refused for want of luv: what the test requires below is all here, except
 * the answers many random steps give: applied, replayed, the exchange's own refusals).
 */
const RARE_ANSWERS: Command[] = [
  { op: 'exchange', member: 0, amount: 60 },
  { op: 'exchange', member: 0, amount: 20 }, // member 0 at their cap of 80
  { op: 'exchange', member: 1, amount: 60 }, // the total at 140
  { op: 'exchange', member: 1, amount: 20 }, // EXCHANGE_TOTAL_CAP: 160 > 150
  { op: 'exchange', member: 0, amount: 1 }, // EXCHANGE_MEMBER_CAP
  { op: 'purchase', member: 2, amount: 100 },
  { op: 'replay', step: -1 }, // purchase:replayed
  { op: 'subscribe', member: 2, channel: 2 }, // OWN_CHANNEL
  { op: 'purchase', member: 1, amount: 2 * SUB_PRICE },
  { op: 'subscribe', member: 1, channel: 0 },
  { op: 'subscribe', member: 1, channel: 0 }, // ALREADY_SUBSCRIBED
  // Member 2 holds 400 luv and no item here: items, then a wallet run dry.
  { op: 'giftItem', from: 2, to: 0, quantity: 3 }, // ITEM_NOT_HELD
  { op: 'buyItem', member: 2, quantity: 1 },
  { op: 'giftItem', from: 2, to: 0, quantity: 1 },
  { op: 'buyItem', member: 2, quantity: 3 }, // the last 300
  { op: 'buyItem', member: 2, quantity: 1 }, // INSUFFICIENT_LUV
  { op: 'gift', from: 2, to: 0, amount: 1 }, // INSUFFICIENT_LUV
  { op: 'gift', from: 2, to: 2, amount: 1 }, // SELF_GIFT
];

/** The plain model: every balance, inventory, subscription and exchange counter, and the keys that applied. */
interface Model {
  wallet: number[];
  earnings: number[];
  held: number[];
  subscribed: Set<string>;
  exchanged: number[];
  exchangedTotal: number;
  open: boolean;
  rate: number;
  pgClearing: number;
  promotions: number;
  platform: number;
  applied: Set<string>;
}

type Outcome = 'applied' | 'replayed' | 'done' | string;

/** What the model says a call answers, the model updated when it applies. */
function modelStep(m: Model, key: string, c: Action): Outcome {
  if (c.op === 'window') {
    m.open = c.open;
    return 'done';
  }
  if ((c.op === 'gift' || c.op === 'giftItem') && c.from === c.to) return 'SELF_GIFT';
  if (c.op === 'subscribe' && c.member === c.channel) return 'OWN_CHANNEL';
  if (m.applied.has(key)) return 'replayed';
  switch (c.op) {
    case 'purchase':
    case 'coupon':
      m.wallet[c.member]! += c.amount;
      if (c.op === 'purchase') m.pgClearing -= c.amount;
      else m.promotions -= c.amount;
      break;
    case 'gift':
      if (m.wallet[c.from]! < c.amount) return 'INSUFFICIENT_LUV';
      m.wallet[c.from]! -= c.amount;
      m.earnings[c.to]! += c.amount;
      break;
    case 'buyItem': {
      const price = ITEM_PRICE * c.quantity;
      if (m.wallet[c.member]! < price) return 'INSUFFICIENT_LUV';
      m.wallet[c.member]! -= price;
      m.platform += price;
      m.held[c.member]! += c.quantity;
      break;
    }
    case 'giftItem':
      if (m.held[c.from]! < c.quantity) return 'ITEM_NOT_HELD';
      m.held[c.from]! -= c.quantity;
      m.held[c.to]! += c.quantity;
      break;
    case 'subscribe': {
      const pair = `${c.member}>${c.channel}`;
      if (m.subscribed.has(pair)) return 'ALREADY_SUBSCRIBED';
      if (m.wallet[c.member]! < SUB_PRICE) return 'INSUFFICIENT_LUV';
      m.wallet[c.member]! -= SUB_PRICE;
      m.earnings[c.channel]! += SUB_CREATOR;
      m.platform += SUB_PRICE - SUB_CREATOR;
      m.subscribed.add(pair);
      break;
    }
    case 'exchange': {
      if (!m.open) return 'EXCHANGE_CLOSED';
      const credited = creditedFor(c.amount, m.rate);
      if (credited < 1) return 'EXCHANGE_TOO_SMALL';
      // The batch's order: the earnings debit (CHECK balance_non_negative), then the member cap, then the total cap.
      if (m.earnings[c.member]! < c.amount) return 'INSUFFICIENT_LUV';
      if (m.exchanged[c.member]! + c.amount > MEMBER_CAP) return 'EXCHANGE_MEMBER_CAP';
      if (m.exchangedTotal + c.amount > TOTAL_CAP) return 'EXCHANGE_TOTAL_CAP';
      m.earnings[c.member]! -= c.amount;
      m.wallet[c.member]! += credited;
      m.promotions += c.amount - credited;
      m.exchanged[c.member]! += c.amount;
      m.exchangedTotal += c.amount;
      break;
    }
    // PAYOUTS: case 'payoutRequest': earnings -> payout_pending (refused when short), ...
  }
  m.applied.add(key);
  return 'applied';
}

interface Run {
  members: { id: number; loginId: string }[];
  channels: number[];
  eventId: string;
}

async function setWindow(run: Run, open: boolean, rate: number) {
  const now = Date.now();
  const window = open ? { startsAt: now - 60_000, endsAt: now + 3_600_000 } : { startsAt: now - 3_600_000, endsAt: now - 60_000 };
  await env.CONFIG.put(EXCHANGE_EVENT_KEY, JSON.stringify({ id: run.eventId, ...window, ratePermille: rate, memberCap: MEMBER_CAP, totalCap: TOTAL_CAP }));
}

async function runStep(run: Run, model: Model, key: string, c: Action): Promise<Outcome> {
  const id = (i: number) => run.members[i]!.id;
  try {
    switch (c.op) {
      case 'window':
        await setWindow(run, c.open, model.rate);
        return 'done';
      case 'purchase':
        return (await creditPurchase(db(), { memberId: id(c.member), amount: c.amount, key })).status;
      case 'coupon':
        return (await couponGrant(db(), { memberId: id(c.member), amount: c.amount, key })).status;
      case 'gift':
        return (await gift(db(), { from: id(c.from), to: id(c.to), amount: c.amount, key })).status;
      case 'buyItem':
        return (await buyItem(db(), id(c.member), { prodName: ITEM, quantity: c.quantity, idempotencyKey: key })).replayed ? 'replayed' : 'applied';
      case 'giftItem':
        return (await giftItem(env, id(c.from), { prodName: ITEM, quantity: c.quantity, idempotencyKey: key, loginId: run.members[c.to]!.loginId })).replayed ? 'replayed' : 'applied';
      case 'subscribe':
        return (await subscribe(db(), id(c.member), { channelId: run.channels[c.channel]!, plan: 'month1', idempotencyKey: key })).replayed ? 'replayed' : 'applied';
      case 'exchange':
        return (await applyExchange(env, id(c.member), { amount: c.amount, idempotencyKey: key })).replayed ? 'replayed' : 'applied';
      // PAYOUTS: case 'payoutRequest': ...
    }
  } catch (error) {
    if (error instanceof Refusal) return error.code;
    throw error;
  }
}

describe('model test: the economy (items, subscriptions, the exchange event) against a plain model', () => {
  it('every balance and inventory equals the model, every account its entries, none negative, the total zero', { timeout: 600_000 }, async () => {
    const [pg, promotions, platform] = [await systemAccount(db(), 'pg_clearing'), await systemAccount(db(), 'promotions'), await systemAccount(db(), 'platform_revenue')];
    let runs = 0;
    let steps = 0;
    const outcomes: Record<string, number> = {};
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 20, maxLength: 40 }), fc.constantFrom(...RATES), async (commands, rate) => {
        runs += 1;
        const members = [];
        for (let i = 0; i < MEMBERS; i++) members.push(await newMember());
        const channels = [];
        for (const m of members) channels.push(await newChannel(m.id));
        const run: Run = { members, channels, eventId: `model-${Date.now()}-${runs}` };
        await setWindow(run, true, rate);
        const start = await balancesOf([pg, promotions, platform]);
        const model: Model = {
          wallet: Array(MEMBERS).fill(0),
          earnings: Array(MEMBERS).fill(0),
          held: Array(MEMBERS).fill(0),
          subscribed: new Set(),
          exchanged: Array(MEMBERS).fill(0),
          exchangedTotal: 0,
          open: true,
          rate,
          pgClearing: start.get(pg) ?? 0,
          promotions: start.get(promotions) ?? 0,
          platform: start.get(platform) ?? 0,
          applied: new Set(),
        };
        const done: { key: string; c: Action }[] = [];
        // Each run opens with luv bought and gifted around, so every member has a wallet and earnings to spend,
        // exchange and run into the caps with; the random commands follow.
        const prologue: Command[] = members.flatMap((_, i) => [
          { op: 'purchase' as const, member: i, amount: 600 },
          // One member receives little: their exchanges run short of earnings before they reach a cap.
          { op: 'gift' as const, from: i, to: (i + 1) % MEMBERS, amount: i === 1 ? 20 : 300 },
        ]);
        for (const c of [...prologue, ...commands]) {
          steps += 1;
          const step = c.op === 'replay' ? (c.step < 0 ? done.at(-1) : done[c.step % Math.max(done.length, 1)]) : { key: uniqueKey(`m${runs}`), c };
          if (!step) continue; // a replay before anything happened
          done.push(step);
          const outcome = await runStep(run, model, step.key, step.c);
          expect(outcome, `${JSON.stringify(step.c)} (${step.key})`).toBe(modelStep(model, step.key, step.c));
          const label = `${step.c.op}:${outcome}`;
          outcomes[label] = (outcomes[label] ?? 0) + 1;
        }
        const ids = members.map((m) => m.id);
        const [wallets, earnings] = [await Promise.all(ids.map((i) => walletOf(db(), i))), await Promise.all(ids.map((i) => earningsOf(db(), i)))];
        const balances = await balancesOf([...wallets, ...earnings, pg, promotions, platform]);
        expect(wallets.map((a) => balances.get(a))).toEqual(model.wallet);
        expect(earnings.map((a) => balances.get(a))).toEqual(model.earnings);
        expect([balances.get(pg), balances.get(promotions), balances.get(platform)]).toEqual([model.pgClearing, model.promotions, model.platform]);
        expect(await Promise.all(ids.map((i) => heldQuantity(db(), i, Number(ITEM))))).toEqual(model.held);
        // PAYOUTS: the members' payout_pending balances against the model here.
        await expectLedgerHolds(db());
      }),
      { numRuns: env.TEST_SCALE === 'full' ? 40 : 20, examples: [[RARE_ANSWERS, 1000]] },
    );
    console.log(`economy model test: ${runs} runs, ${steps} steps in ${Date.now() - started} ms, ${JSON.stringify(outcomes)}`);
    // The runs must reach every kind of answer, or the model test proves less than it seems to.
    const reached = new Set(Object.keys(outcomes));
    for (const expected of [
      'gift:INSUFFICIENT_LUV',
      'gift:SELF_GIFT',
      'buyItem:applied',
      'buyItem:INSUFFICIENT_LUV',
      'giftItem:applied',
      'giftItem:ITEM_NOT_HELD',
      'subscribe:applied',
      'subscribe:OWN_CHANNEL',
      'subscribe:ALREADY_SUBSCRIBED',
      'exchange:applied',
      'exchange:replayed',
      'exchange:INSUFFICIENT_LUV',
      'exchange:EXCHANGE_CLOSED',
      'exchange:EXCHANGE_MEMBER_CAP',
      'exchange:EXCHANGE_TOTAL_CAP',
      'purchase:replayed',
    ])
      expect(reached, expected).toContain(expected);
  });
});
