// Credential stuffing (docs/security.md, client addresses). One client tries 1,000 sign-ins over 200 IDs, a quarter plainly and the rest
// each claiming a new address (X-Forwarded-For, CF-Connecting-IP or X-Client-IP). The per-ID limit (5 password
// checks per window) and the per-client limit (MAX_CLIENT_LOGIN_FAILURES failures per window) both hold, and no
// header a client writes moves it to another client's count.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { app } from '../../src/app';
import { MAX_CLIENT_LOGIN_FAILURES, MAX_LOGIN_ATTEMPTS } from '../../src/api/services/accounts';
import { clientLimitKey, edgeClientAddress, UNVERIFIED_CLIENT } from '../../src/lib/client-address';
import { xsrfToken } from '../../src/proxy/xsrf';
import { Browser, productionEnv, signUpMember } from './helpers';
import { securityRow } from './security-table';

const ATTEMPTS = 1_000;
const IDS = 200;
/** A few at a time: one client's burst. (25 at once made the local D1 queue on its one row: 5x slower per call.) */
const AT_ONCE = 4;

/** The headers a client may write to claim an address: request i sends none (i % 4 = 0) or one of them, new each time. */
const CLAIMS = ['x-forwarded-for', 'cf-connecting-ip', 'x-client-ip'] as const;
const claimOf = (i: number): Record<string, string> => (i % 4 === 0 ? {} : { [CLAIMS[(i % 4) - 1]!]: fakeAddress(i) });

/** A different made-up public address for every request. */
const fakeAddress = (i: number) => `198.51.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;

/** The window has passed: both counts start again. */
async function newWindow(): Promise<void> {
  await env.DB.batch([env.DB.prepare('DELETE FROM login_attempts'), env.DB.prepare('DELETE FROM login_client_attempts')]);
}

/** One browser's sign-in through the edge (proxy, XSRF, cookies), called in this isolate: `env` is the Worker's. */
async function signinAs(workerEnv: Env, device: string, loginId: string, password: string, headers: Record<string, string> = {}): Promise<Response> {
  const xsrf = await xsrfToken(workerEnv.JWT_SECRET, device);
  return app.request(
    'http://flex.localhost:8787/v2/api/auth/signin',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: `flx_uuid=${device}`, 'x-xsrf-token': xsrf, ...headers },
      body: JSON.stringify({ loginId, password, loginKeep: false, saveId: false, device: 'PCWEB' }),
    },
    workerEnv,
  );
}

/** 1,000 sign-ins over 200 IDs from one client, claiming addresses (claimOf). Answers other than 429 are password checks. */
async function stuff(ids: string[]): Promise<{ checked: number; perId: Map<string, number>; statuses: Map<number, number> }> {
  const perId = new Map<string, number>();
  const statuses = new Map<number, number>();
  let checked = 0;
  for (let start = 0; start < ATTEMPTS; start += AT_ONCE) {
    const batch = Array.from({ length: Math.min(AT_ONCE, ATTEMPTS - start) }, (_, k) => start + k);
    const answers = await Promise.all(
      batch.map(async (i) => {
        const loginId = ids[i % IDS]!;
        const res = await signinAs(env, '5eedf00d00', loginId, `Guess${i}!pw`, claimOf(i));
        await res.body?.cancel();
        return { loginId, status: res.status };
      }),
    );
    for (const { loginId, status } of answers) {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (status === 429) continue;
      checked += 1;
      perId.set(loginId, (perId.get(loginId) ?? 0) + 1);
    }
  }
  return { checked, perId, statuses };
}

describe('credential stuffing', () => {
  it('1,000 sign-ins over 200 IDs from one client, three in four claiming a new X-Forwarded-For, CF-Connecting-IP or X-Client-IP: both limits hold', async (context) => {
    const real = await signUpMember(new Browser());
    const ids = Array.from({ length: IDS }, (_, i) => (i === 0 ? real.loginId : `stuffed${String(i).padStart(4, '0')}`));
    await newWindow();
    const started = Date.now();
    const { checked, perId, statuses } = await stuff(ids);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const mostOnOneId = Math.max(0, ...perId.values());
    // Even the right password is refused now, from another device claiming yet another address: the client is
    // over its limit before any password is looked at.
    const owner = await signinAs(env, '00b0e00000', real.loginId, real.password, { 'x-forwarded-for': '203.0.113.77', 'cf-connecting-ip': '203.0.113.78' });
    const pass = checked <= MAX_CLIENT_LOGIN_FAILURES && mostOnOneId <= MAX_LOGIN_ATTEMPTS && owner.status === 429;
    securityRow(context, {
      area: 'stuffing',
      tried: `${ATTEMPTS} sign-ins over ${IDS} IDs from one client, 750 of them claiming a new ${CLAIMS.join(', ')} (answers ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; ${seconds} s)`,
      letThrough: `${checked} password checks (limit ${MAX_CLIENT_LOGIN_FAILURES}), at most ${mostOnOneId} on one ID (limit ${MAX_LOGIN_ATTEMPTS}); the right password then: ${owner.status}`,
      pass,
    });
    expect(checked).toBe(MAX_CLIENT_LOGIN_FAILURES);
    expect(mostOnOneId).toBeLessThanOrEqual(MAX_LOGIN_ATTEMPTS);
    expect(statuses.get(429)).toBe(ATTEMPTS - MAX_CLIENT_LOGIN_FAILURES);
    expect(owner.status).toBe(429);
  }, 240_000);

  it('in production counts by the address Cloudflare saw (IPv6 by its /64), never by one the client wrote', async (context) => {
    const production = productionEnv();
    await newWindow();
    const call = (address: string, loginId: string, claimed: Record<string, string> = {}) => signinAs(production, '0a1b2c3d4e', loginId, 'Wrong1!pw', { 'cf-connecting-ip': address, ...claimed });
    // The attacker's /64 has two failures left in this window (its earlier ones, as the 1,000-try runs show).
    const left = 2;
    await env.DB.prepare('INSERT INTO login_client_attempts (client_key, attempts, window_start) VALUES (?, ?, ?)')
      .bind(clientLimitKey('production', '2001:db8:77:1::1'), MAX_CLIENT_LOGIN_FAILURES - left, Date.now())
      .run();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      // It claims other addresses every time and hops within the /64 its provider gave it.
      const claimed = { 'x-forwarded-for': fakeAddress(i), 'x-client-ip': fakeAddress(i + 1), 'x-real-ip': fakeAddress(i + 2), 'true-client-ip': fakeAddress(i + 3) };
      statuses.push((await call(`2001:db8:77:1::${(i + 16).toString(16)}`, `prodstuff${i}`, claimed)).status);
    }
    const checked = statuses.filter((s) => s !== 429).length;
    // Another client (another address) is not held back by the attacker's count.
    const other = await call('203.0.113.5', 'prodother1');
    securityRow(context, {
      area: 'stuffing',
      tried: `production keys: ${statuses.length} sign-ins from one IPv6 /64 with ${left} failures left, each claiming a new X-Forwarded-For, X-Client-IP, X-Real-IP, True-Client-IP`,
      letThrough: `${checked} password checks (${left} allowed); another address answered ${other.status}`,
      pass: checked === left && other.status === 401,
    });
    expect(statuses).toEqual([401, 401, ...Array<number>(10).fill(429)]);
    expect(other.status).toBe(401);
  }, 60_000);

  it('reads the client address from CF-Connecting-IP only, and trusts it only in production', () => {
    const headers = new Headers({ 'x-forwarded-for': '198.51.100.1', 'x-client-ip': '198.51.100.2', 'x-real-ip': '198.51.100.3', 'true-client-ip': '198.51.100.4' });
    expect(edgeClientAddress(headers)).toBeUndefined();
    headers.set('cf-connecting-ip', '203.0.113.9');
    expect(edgeClientAddress(headers)).toBe('203.0.113.9');
    expect(clientLimitKey('production', '203.0.113.9')).toBe('203.0.113.9');
    expect(clientLimitKey('production', '::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientLimitKey('production', '2001:DB8:0:1:aaaa::1')).toBe('2001:db8:0:1::/64');
    expect(clientLimitKey('production', '2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientLimitKey('production', undefined)).toBe(UNVERIFIED_CLIENT);
    // Locally the header is the client's own claim (Miniflare fills it only when absent): one count for all.
    expect(clientLimitKey('development', '203.0.113.9')).toBe(UNVERIFIED_CLIENT);
    expect(clientLimitKey('test', '198.51.100.200')).toBe(UNVERIFIED_CLIENT);
  });
});
