// The luv ledger (migration 0007, src/db/ledger.ts, src/api/services/ledger.ts): a model test with random
// movements, a storm of concurrent gifts and refunds, refused input, and the immutability of history.
import { env } from 'cloudflare:test';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditAccounts, findMovement, listEntries } from '../../src/db/ledger';
import { couponGrant, creditPurchase, earningsOf, gift, type MoveResult, move, refundPurchase, systemAccount, walletOf } from '../../src/api/services/ledger';
import { Refusal } from '../../src/lib/errors';
import { balancesOf, expectLedgerHolds } from './ledger-audit';

const db = () => env.DB;
/**
 * The model test's runs and the storm's size: the full ones under npm run test:full-scale, a third of them in npm
 * test (every kind of answer and every race still happens at that size; the full run looks for rarer orders).
 */
const FULL = env.TEST_SCALE === 'full';

let serial = 0;
/** A member row to own accounts (ledger_accounts.owner_id references members). */
async function newMember(): Promise<number> {
  serial += 1;
  const name = `lg${Date.now().toString(36)}${serial}`;
  const row = await env.DB.prepare("INSERT INTO members (login_id, nickname, password_hash) VALUES (?, ?, 'x') RETURNING id").bind(name, name.slice(-10)).first<{ id: number }>();
  return row!.id;
}

const uniqueKey = (() => {
  let n = 0;
  const run = crypto.randomUUID();
  return (label: string) => `${label}:${run}:${++n}`;
})();

async function refusalOf(promise: Promise<unknown>): Promise<Refusal> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Refusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

const balancesById = async () => new Map((await auditAccounts(db())).map((a) => [a.id, a.balance]));
const movementCount = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM ledger_movements').first<{ n: number }>())!.n;

describe('ledger basics', () => {
  it('moves luv: purchase, coupon, gift; balances equal entries and the total is zero', async () => {
    const [viewer, creator] = [await newMember(), await newMember()];
    expect((await creditPurchase(db(), { memberId: viewer, amount: 1000, key: uniqueKey('buy') })).status).toBe('applied');
    await couponGrant(db(), { memberId: viewer, amount: 50, key: uniqueKey('coupon') });
    const key = uniqueKey('gift');
    const first = await gift(db(), { from: viewer, to: creator, amount: 300, key });
    expect(first.status).toBe('applied');
    const wallet = await walletOf(db(), viewer);
    const earnings = await earningsOf(db(), creator);
    expect(first.legs).toEqual([
      { accountId: wallet, amount: -300 },
      { accountId: earnings, amount: 300 },
    ]);
    const balances = await balancesById();
    expect(balances.get(wallet)).toBe(750);
    expect(balances.get(earnings)).toBe(300);
    expect((await listEntries(db(), wallet)).map((e) => e.amount)).toEqual([-300, 50, 1000]);
    await expectLedgerHolds(db());
  });

  it('a gift larger than the wallet is refused and the whole batch is undone (no movement, no entry, no balance)', async () => {
    const [viewer, creator] = [await newMember(), await newMember()];
    await couponGrant(db(), { memberId: viewer, amount: 100, key: uniqueKey('coupon') });
    await earningsOf(db(), creator);
    const before = await balancesById();
    const key = uniqueKey('gift');
    const refusal = await refusalOf(gift(db(), { from: viewer, to: creator, amount: 101, key }));
    expect([refusal.status, refusal.code, refusal.messageKey]).toEqual([409, 'INSUFFICIENT_LUV', 'luv.errors.insufficient']);
    expect(await findMovement(db(), key)).toBeNull();
    expect(await balancesById()).toEqual(before);
    // The key was not used up: the same gift, once affordable, goes through.
    await couponGrant(db(), { memberId: viewer, amount: 1, key: uniqueKey('coupon') });
    expect((await gift(db(), { from: viewer, to: creator, amount: 101, key })).status).toBe('applied');
    await expectLedgerHolds(db());
  });

  it('a replayed key answers the original movement and moves nothing again', async () => {
    const viewer = await newMember();
    const key = uniqueKey('buy');
    const first = await creditPurchase(db(), { memberId: viewer, amount: 500, key });
    const again = await creditPurchase(db(), { memberId: viewer, amount: 500, key });
    // The applied answer carries the balances its batch returned; a replay reads nothing of the kind.
    const { balances, ...movement } = first;
    const [wallet, pg, now] = [await walletOf(db(), viewer), await systemAccount(db(), 'pg_clearing'), await balancesById()];
    expect(balances).toEqual(
      new Map([
        [wallet, 500],
        [pg, now.get(pg)],
      ]),
    );
    expect(again).toEqual({ ...movement, status: 'replayed' });
    expect((await balancesById()).get(await walletOf(db(), viewer))).toBe(500);
  });

  it('a key used again for a different movement is refused (IDEMPOTENCY_CONFLICT) and changes nothing', async () => {
    const [viewer, creator] = [await newMember(), await newMember()];
    const key = uniqueKey('buy');
    await creditPurchase(db(), { memberId: viewer, amount: 500, key });
    await earningsOf(db(), creator); // created now, so the snapshot below has every account the attempts touch
    const before = await balancesById();
    for (const attempt of [
      creditPurchase(db(), { memberId: viewer, amount: 501, key }),
      couponGrant(db(), { memberId: viewer, amount: 500, key }),
      gift(db(), { from: viewer, to: creator, amount: 500, key }),
    ]) {
      expect((await refusalOf(attempt)).code).toBe('IDEMPOTENCY_CONFLICT');
    }
    expect(await balancesById()).toEqual(before);
  });

  it('the same key sent concurrently applies once: the others replay it, or are refused if they differ', async () => {
    const viewer = await newMember();
    const key = uniqueKey('buy');
    const same = await Promise.all(Array.from({ length: 5 }, () => creditPurchase(db(), { memberId: viewer, amount: 40, key })));
    expect(same.map((r) => r.status).sort()).toEqual(['applied', 'replayed', 'replayed', 'replayed', 'replayed']);
    const other = uniqueKey('buy');
    const racing = await Promise.allSettled([creditPurchase(db(), { memberId: viewer, amount: 1, key: other }), creditPurchase(db(), { memberId: viewer, amount: 2, key: other })]);
    const answers = racing.map((r) => (r.status === 'fulfilled' ? r.value.status : (r.reason as Refusal).code)).sort();
    expect(answers).toEqual(['IDEMPOTENCY_CONFLICT', 'applied']);
    const applied = racing.find((r) => r.status === 'fulfilled')!.value;
    const wallet = await walletOf(db(), viewer);
    expect((await balancesById()).get(wallet)).toBe(40 + applied.legs.find((l) => l.accountId === wallet)!.amount);
    await expectLedgerHolds(db());
  });

  it('refuses a gift to yourself', async () => {
    const viewer = await newMember();
    await couponGrant(db(), { memberId: viewer, amount: 10, key: uniqueKey('coupon') });
    expect((await refusalOf(gift(db(), { from: viewer, to: viewer, amount: 5, key: uniqueKey('gift') }))).code).toBe('SELF_GIFT');
  });
});

describe('bad input is refused and changes nothing', () => {
  const badAmounts: [string, number][] = [
    ['negative', -5],
    ['zero', 0],
    ['fractional', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['above MAX_SAFE_INTEGER', Number.MAX_SAFE_INTEGER + 1],
    ['huge', 2 ** 62],
  ];

  it.each(badAmounts)('%s amounts (helpers and raw legs)', async (_, amount) => {
    const [viewer, creator] = [await newMember(), await newMember()];
    await couponGrant(db(), { memberId: viewer, amount: 100, key: uniqueKey('coupon') });
    const [wallet, earnings] = [await walletOf(db(), viewer), await earningsOf(db(), creator)];
    const before = { balances: await balancesById(), movements: await movementCount() };
    const attempts = [
      creditPurchase(db(), { memberId: viewer, amount, key: uniqueKey('buy') }),
      couponGrant(db(), { memberId: viewer, amount, key: uniqueKey('coupon') }),
      gift(db(), { from: viewer, to: creator, amount, key: uniqueKey('gift') }),
    ];
    // A raw leg is signed, so a negative one is fine there; anything but a non-zero safe integer is not.
    if (!Number.isSafeInteger(amount) || amount === 0)
      attempts.push(
        move(db(), {
          idempotencyKey: uniqueKey('raw'),
          kind: 'gift',
          legs: [
            { accountId: wallet, amount: -amount },
            { accountId: earnings, amount },
          ],
        }),
      );
    for (const attempt of attempts) {
      const refusal = await refusalOf(attempt);
      expect([refusal.status, refusal.code, refusal.messageKey]).toEqual([400, 'BAD_AMOUNT', 'luv.errors.badAmount']);
    }
    expect({ balances: await balancesById(), movements: await movementCount() }).toEqual(before);
  });

  it('unbalanced, single, duplicate-account and too many legs; bad keys', async () => {
    const [viewer, creator] = [await newMember(), await newMember()];
    await couponGrant(db(), { memberId: viewer, amount: 100, key: uniqueKey('coupon') });
    const [wallet, earnings, revenue] = [await walletOf(db(), viewer), await earningsOf(db(), creator), await systemAccount(db(), 'platform_revenue')];
    const promotions = await systemAccount(db(), 'promotions');
    const pg = await systemAccount(db(), 'pg_clearing');
    const before = { balances: await balancesById(), movements: await movementCount() };
    const legSets = [
      [
        { accountId: wallet, amount: -10 },
        { accountId: earnings, amount: 9 },
      ],
      [{ accountId: wallet, amount: 1 }],
      [],
      [
        { accountId: wallet, amount: -10 },
        { accountId: wallet, amount: 10 },
      ],
      [
        { accountId: wallet, amount: -4 },
        { accountId: earnings, amount: 1 },
        { accountId: revenue, amount: 1 },
        { accountId: promotions, amount: 1 },
        { accountId: pg, amount: 1 },
      ],
      // Balanced only in floating point: MAX_SAFE_INTEGER + 2 rounds to 2^53, so the four sum to 0 as numbers
      // but to 1 in truth (BigInt).
      [
        { accountId: wallet, amount: Number.MAX_SAFE_INTEGER },
        { accountId: earnings, amount: 2 },
        { accountId: revenue, amount: -Number.MAX_SAFE_INTEGER },
        { accountId: promotions, amount: -1 },
      ],
    ];
    for (const legs of legSets) {
      const refusal = await refusalOf(move(db(), { idempotencyKey: uniqueKey('raw'), kind: 'gift', legs }));
      expect([refusal.status, refusal.code, refusal.messageKey]).toEqual([400, 'BAD_LEGS', 'luv.errors.badLegs']);
    }
    const good = [
      { accountId: wallet, amount: -1 },
      { accountId: earnings, amount: 1 },
    ];
    for (const key of ['', 'x'.repeat(201)]) expect((await refusalOf(move(db(), { idempotencyKey: key, kind: 'gift', legs: good }))).code).toBe('BAD_IDEMPOTENCY_KEY');
    expect({ balances: await balancesById(), movements: await movementCount() }).toEqual(before);
  });
});

describe('history is immutable', () => {
  it('entries and movements cannot be updated or deleted', async () => {
    const viewer = await newMember();
    const key = uniqueKey('buy');
    const { movement } = await creditPurchase(db(), { memberId: viewer, amount: 70, key });
    const statements = [
      'UPDATE ledger_entries SET amount = amount * 2 WHERE movement_id = ?',
      'DELETE FROM ledger_entries WHERE movement_id = ?',
      "UPDATE ledger_movements SET memo = 'edited' WHERE id = ?",
      'DELETE FROM ledger_movements WHERE id = ?',
    ];
    for (const sql of statements) await expect(env.DB.prepare(sql).bind(movement.id).run()).rejects.toThrow(/immutable/);
    expect(await findMovement(db(), key)).toEqual(await findMovement(db(), key));
    expect((await findMovement(db(), key))!.legs.map((l) => l.amount).sort()).toEqual([-70, 70]);
    await expectLedgerHolds(db());
  });

  it('a wallet cannot be set below zero even by hand (CHECK balance_non_negative)', async () => {
    const wallet = await walletOf(db(), await newMember());
    await expect(env.DB.prepare('UPDATE ledger_accounts SET balance = -1 WHERE id = ?').bind(wallet).run()).rejects.toThrow(/balance_non_negative/);
  });
});

/** One step of a random run: members are indexes into the run's members; a replay repeats an earlier step, key and all. */
type Command = { op: 'purchase' | 'coupon'; member: number; amount: number } | { op: 'gift'; from: number; to: number; amount: number } | { op: 'replay'; step: number };

const MEMBERS = 4;
const member = fc.nat(MEMBERS - 1);
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ op: fc.constant('purchase' as const), member, amount: fc.integer({ min: 1, max: 5000 }) }),
  fc.record({ op: fc.constant('coupon' as const), member, amount: fc.integer({ min: 1, max: 1000 }) }),
  // Often more than the wallet holds, and now and then to oneself: both refused.
  fc.record({ op: fc.constant('gift' as const), from: member, to: member, amount: fc.integer({ min: 1, max: 4000 }) }),
  fc.record({ op: fc.constant('replay' as const), step: fc.nat(1000) }),
);

/** The plain model: what every balance should be, and which keys have moved luv. */
interface Model {
  wallet: number[];
  earnings: number[];
  pgClearing: number;
  promotions: number;
  applied: Set<string>;
}

/** What the model says a call does: the expected answer, and the model updated if it applies. */
function modelStep(model: Model, key: string, c: Exclude<Command, { op: 'replay' }>): MoveResult['status'] | 'SELF_GIFT' | 'INSUFFICIENT_LUV' {
  if (c.op === 'gift' && c.from === c.to) return 'SELF_GIFT';
  if (model.applied.has(key)) return 'replayed';
  if (c.op === 'gift') {
    if (model.wallet[c.from]! < c.amount) return 'INSUFFICIENT_LUV';
    model.wallet[c.from]! -= c.amount;
    model.earnings[c.to]! += c.amount;
  } else {
    model.wallet[c.member]! += c.amount;
    if (c.op === 'purchase') model.pgClearing -= c.amount;
    else model.promotions -= c.amount;
  }
  model.applied.add(key);
  return 'applied';
}

async function runStep(memberIds: number[], key: string, c: Exclude<Command, { op: 'replay' }>): Promise<string> {
  try {
    if (c.op === 'gift') return (await gift(db(), { from: memberIds[c.from]!, to: memberIds[c.to]!, amount: c.amount, key })).status;
    const call = c.op === 'purchase' ? creditPurchase : couponGrant;
    return (await call(db(), { memberId: memberIds[c.member]!, amount: c.amount, key })).status;
  } catch (error) {
    if (error instanceof Refusal) return error.code;
    throw error;
  }
}

describe('model test: random purchases, coupons, gifts and replays against a plain model', () => {
  it('every balance equals the model and its entries, none negative, the total zero', { timeout: 300_000 }, async () => {
    const [pg, promotions] = [await systemAccount(db(), 'pg_clearing'), await systemAccount(db(), 'promotions')];
    let runs = 0;
    let steps = 0;
    const outcomes: Record<string, number> = {};
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        runs += 1;
        const memberIds = await Promise.all(Array.from({ length: MEMBERS }, newMember));
        const start = await balancesOf([pg, promotions]);
        const model: Model = { wallet: Array(MEMBERS).fill(0), earnings: Array(MEMBERS).fill(0), pgClearing: start.get(pg)!, promotions: start.get(promotions)!, applied: new Set() };
        const done: { key: string; c: Exclude<Command, { op: 'replay' }> }[] = [];
        for (const c of commands) {
          steps += 1;
          const step = c.op === 'replay' ? done[c.step % Math.max(done.length, 1)] : { key: uniqueKey(`model:${runs}`), c };
          if (!step) continue; // a replay before anything happened
          done.push(step);
          const outcome = await runStep(memberIds, step.key, step.c);
          expect(outcome).toBe(modelStep(model, step.key, step.c));
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        }
        const wallets = await Promise.all(memberIds.map((id) => walletOf(db(), id)));
        const earnings = await Promise.all(memberIds.map((id) => earningsOf(db(), id)));
        const balances = await balancesOf([...wallets, ...earnings, pg, promotions]);
        expect(wallets.map((id) => balances.get(id))).toEqual(model.wallet);
        expect(earnings.map((id) => balances.get(id))).toEqual(model.earnings);
        expect([balances.get(pg), balances.get(promotions)]).toEqual([model.pgClearing, model.promotions]);
        await expectLedgerHolds(db());
      }),
      { numRuns: FULL ? 200 : 60 },
    );
    console.log(`ledger model test: ${runs} runs, ${steps} steps in ${Date.now() - started} ms, ${JSON.stringify(outcomes)}`);
    // The runs must reach every kind of answer, or the model test proves less than it seems to.
    expect(Object.keys(outcomes).sort()).toEqual(['INSUFFICIENT_LUV', 'SELF_GIFT', 'applied', 'replayed']);
  });
});

describe('storm: concurrent gifts and refunds', () => {
  const VIEWERS = FULL ? 50 : 20;
  it(`${VIEWERS * 20} gifts from ${VIEWERS} viewers asking 3x what they hold, plus ${VIEWERS * 2} refunds, each sent twice at once: every key applies at most once`, { timeout: 300_000 }, async () => {
    const CREATORS = 5;
    const COUPON = 100;
    const PURCHASES = 2; // per viewer, each refunded in the storm
    const PURCHASE = 10;
    const HELD = COUPON + PURCHASES * PURCHASE; // 120
    const GIFTS = VIEWERS * 20;
    const AMOUNT = 18; // 20 gifts a viewer ask 360, three times the 120 they hold (before the refunds take theirs)
    const viewers = await Promise.all(Array.from({ length: VIEWERS }, newMember));
    const creators = await Promise.all(Array.from({ length: CREATORS }, newMember));
    const prefix = uniqueKey('storm');
    await Promise.all(viewers.map((id) => couponGrant(db(), { memberId: id, amount: COUPON, key: uniqueKey('storm-coupon') })));
    const purchases = viewers.flatMap((id, v) => Array.from({ length: PURCHASES }, (_, j) => ({ memberId: id, amount: PURCHASE, key: `${prefix}:buy:${v}:${j}` })));
    await Promise.all(purchases.map((p) => creditPurchase(db(), p)));
    const wallets = await Promise.all(viewers.map((id) => walletOf(db(), id)));
    const earnings = await Promise.all(creators.map((id) => earningsOf(db(), id)));
    const pg = await systemAccount(db(), 'pg_clearing');

    type Call = { kind: 'gift'; viewer: number; key: string; run: () => Promise<MoveResult> } | { kind: 'refund'; viewer: number; key: string; run: () => Promise<MoveResult> };
    const giftCalls: Call[] = Array.from({ length: GIFTS }, (_, i) => {
      const g = { from: viewers[i % VIEWERS]!, to: creators[i % CREATORS]!, amount: AMOUNT, key: `${prefix}:gift:${i}` };
      return { kind: 'gift', viewer: i % VIEWERS, key: g.key, run: () => gift(db(), g) };
    });
    const refundCalls: Call[] = purchases.map((p, i) => {
      const r = { memberId: p.memberId, amount: p.amount, key: `${prefix}:refund:${p.key}` };
      return { kind: 'refund', viewer: Math.floor(i / PURCHASES), key: r.key, run: () => refundPurchase(db(), r) };
    });
    // The refunds spread through the gifts (one every tenth call), so they compete for the same wallets.
    const calls = giftCalls.flatMap((g, i) => (i % 10 === 0 && refundCalls[i / 10] ? [refundCalls[i / 10]!, g] : [g]));
    expect(calls).toHaveLength(GIFTS + refundCalls.length);

    const started = Date.now();
    // Each call twice, concurrently: the second must find the first (before or inside its batch), never move luv again.
    const answers = await Promise.all(
      [...calls, ...calls].map((c) =>
        c.run().then(
          (r) => r.status,
          (e: unknown) => (e instanceof Refusal ? e.code : Promise.reject(e)),
        ),
      ),
    );
    const elapsed = Date.now() - started;

    const byKey = calls.map((_, i) => [answers[i], answers[i + calls.length]].sort().join('+'));
    const pairs: Record<string, Record<string, number>> = { gift: {}, refund: {} };
    for (const [i, k] of byKey.entries()) pairs[calls[i]!.kind]![k] = (pairs[calls[i]!.kind]![k] ?? 0) + 1;
    console.log(`ledger storm: ${answers.length} calls (${GIFTS} gift and ${refundCalls.length} refund keys) in ${elapsed} ms, ${JSON.stringify(pairs)}`);
    // Wallets only go down during the storm, so a key refused once is refused twice; one applied is replayed by its twin.
    for (const kind of ['gift', 'refund'])
      expect(
        Object.keys(pairs[kind]!).every((k) => k === 'applied+replayed' || k === 'INSUFFICIENT_LUV+INSUFFICIENT_LUV'),
        kind,
      ).toBe(true);
    const appliedKeys = calls.filter((_, i) => byKey[i] === 'applied+replayed');
    const appliedGifts = appliedKeys.filter((c) => c.kind === 'gift');
    const appliedRefunds = appliedKeys.filter((c) => c.kind === 'refund');
    // Both kinds went through and both were refused somewhere: the refunds really competed with the gifts.
    expect(appliedGifts.length).toBeGreaterThan(0);
    expect(appliedRefunds.length).toBeGreaterThan(0);
    expect(pairs.gift!['INSUFFICIENT_LUV+INSUFFICIENT_LUV']).toBeGreaterThan(0);

    const balances = await balancesById();
    for (const [v, wallet] of wallets.entries()) {
      const gifts = appliedGifts.filter((c) => c.viewer === v).length;
      const refunds = appliedRefunds.filter((c) => c.viewer === v).length;
      const left = balances.get(wallet)!;
      expect(left, `viewer ${v}`).toBe(HELD - gifts * AMOUNT - refunds * PURCHASE);
      // Every viewer had a gift refused (360 asked of 120), which leaves less than one gift's worth; one refused refund, less than a refund's.
      expect(left, `viewer ${v}`).toBeLessThan(AMOUNT);
      if (refunds < PURCHASES) expect(left, `viewer ${v}`).toBeLessThan(PURCHASE);
      expect(left, `viewer ${v}`).toBeGreaterThanOrEqual(0);
    }
    // What wallets lost, earnings and the clearing account gained: applied gifts x amount + applied refunds x amount.
    const debited = wallets.reduce((sum, id) => sum + HELD - balances.get(id)!, 0);
    expect(debited).toBe(appliedGifts.length * AMOUNT + appliedRefunds.length * PURCHASE);
    expect(earnings.reduce((sum, id) => sum + balances.get(id)!, 0)).toBe(appliedGifts.length * AMOUNT);
    // The clearing account's gain from the storm's refunds (other test files may move it meanwhile).
    const refunded = await env.DB.prepare(
      'SELECT COALESCE(SUM(e.amount), 0) AS n FROM ledger_entries e JOIN ledger_movements m ON m.id = e.movement_id WHERE e.account_id = ?1 AND substr(m.idempotency_key, 1, length(?2)) = ?2',
    )
      .bind(pg, `${prefix}:refund:`)
      .first<{ n: number }>();
    expect(refunded!.n).toBe(appliedRefunds.length * PURCHASE);
    // Each applied key wrote exactly one movement of two entries, and no other key of the storm wrote any.
    const written = await env.DB.prepare(
      'SELECT m.idempotency_key AS key, m.kind, COUNT(e.id) AS entries FROM ledger_movements m JOIN ledger_entries e ON e.movement_id = m.id WHERE substr(m.idempotency_key, 1, length(?1)) = ?1 AND substr(m.idempotency_key, 1, length(?2)) <> ?2 GROUP BY m.id ORDER BY m.idempotency_key',
    )
      .bind(`${prefix}:`, `${prefix}:buy:`)
      .all<{ key: string; kind: string; entries: number }>();
    expect(written.results).toEqual(appliedKeys.map((c) => ({ key: c.key, kind: c.kind, entries: 2 })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)));
    await expectLedgerHolds(db());
  });
});
