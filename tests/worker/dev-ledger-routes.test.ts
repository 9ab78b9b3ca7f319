// The development-only calls the ledger bench uses (src/api/routes/dev.ts): funding a wallet and the bare
// D1 increment. Both answer 404 in production, whoever calls (the proxy and the API each refuse).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { apiApp } from '../../src/api';
import { memberBalance } from '../../src/db/ledger';
import { expectRefused, json, signedIn } from './watch-fixtures';

const production = { ...env, ENVIRONMENT: 'production' };
const post = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const counter = async () => (await env.DB.prepare('SELECT n FROM bench_counter WHERE id = 1').first<{ n: number }>())?.n;

describe('POST /__dev/luv/fund', () => {
  it('credits the wallet as one purchase movement; refuses an unknown member and bad amounts; 404 in production', async () => {
    const member = await signedIn();
    const res = await member.browser.json('/__dev/luv/fund', { loginId: member.loginId, amount: 250 });
    expect(res.status).toBe(200);
    expect(await json(res)).toEqual({ balance: 250 });
    const movement = await env.DB.prepare(
      "SELECT m.kind, e.amount FROM ledger_movements m JOIN ledger_entries e ON e.movement_id = m.id JOIN ledger_accounts a ON a.id = e.account_id WHERE a.owner_id = ? AND a.kind = 'wallet'",
    )
      .bind(member.id)
      .all();
    expect(movement.results).toEqual([{ kind: 'purchase', amount: 250 }]);

    await expectRefused(await member.browser.json('/__dev/luv/fund', { loginId: 'nobody-at-all', amount: 5 }), 404);
    for (const amount of [0, -1, 1.5, '5', 100_000_001]) await expectRefused(await member.browser.json('/__dev/luv/fund', { loginId: member.loginId, amount }), 400);
    expect((await apiApp.request('/__dev/luv/fund', post({ loginId: member.loginId, amount: 5 }), production)).status).toBe(404);
    expect(await memberBalance(env.DB, member.id, 'wallet')).toBe(250);
  });
});

describe('POST /__dev/bench/increment', () => {
  it('adds one to the bench counter; 404 without the counter and in production', async () => {
    const member = await signedIn();
    await env.DB.prepare('DROP TABLE IF EXISTS bench_counter').run();
    await expectRefused(await member.browser.json('/__dev/bench/increment', {}), 404);
    await env.DB.batch([env.DB.prepare('CREATE TABLE bench_counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)'), env.DB.prepare('INSERT INTO bench_counter (id, n) VALUES (1, 0)')]);
    for (let i = 0; i < 3; i++) expect((await member.browser.json('/__dev/bench/increment', {})).status).toBe(200);
    expect(await counter()).toBe(3);
    expect((await apiApp.request('/__dev/bench/increment', post({}), production)).status).toBe(404);
    expect(await counter()).toBe(3);
  });
});
