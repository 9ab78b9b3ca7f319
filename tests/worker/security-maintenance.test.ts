// Security sweep, part 6 (issue 17): maintenance flipped while writes of every kind are under way. Every
// state-changing API route is called (with a body its schema accepts as far as a generator can) by a signed-in
// member, twice over and in parallel; halfway the flag goes on. Whatever began after the flip is refused 503, and
// once the calls in flight have ended, a second round writes nothing. The API reads the flag on every call with no
// cache of its own (src/api/app.ts); in production KV itself may lag up to 60 s at a location (see
// tests/worker/maintenance-money.test.ts), which this runtime cannot show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setFlags } from './helpers';
import { signedIn } from './watch-fixtures';
import { securityRow } from './security-table';
import { type ApiDoc, type Fill, type Route, apiRoutes, bodyFor, changedTables, concretePath, dbDigest, fetchDoc, inParallel, isUnsafe, label, listed, viaApp } from './security-sweep';
import type { Browser } from './helpers';

/** Development-only routes stay open during maintenance on purpose (src/api/app.ts); production answers them 404. */
const isDevelopmentRoute = (r: Route) => r.path.startsWith('/__dev/');
/** Calls that end the member's own session: made last, so the others are made signed in. */
const endsSession = (r: Route) => /signout|\/password$|\/social\/:provider$/.test(r.path);

let doc: ApiDoc;
let writes: Route[];
let member: { browser: Browser; id: number };
let fill: Fill;

async function write(route: Route): Promise<Response> {
  const payload = bodyFor(doc, route, fill);
  return viaApp(member.browser, concretePath(doc, route, fill), {
    method: route.method,
    ...(payload ? { headers: { 'content-type': payload.contentType }, body: payload.body } : {}),
  });
}

beforeAll(async () => {
  doc = await fetchDoc();
  writes = apiRoutes().filter((r) => isUnsafe(r) && !isDevelopmentRoute(r) && !endsSession(r));
  member = await signedIn();
  fill = { provider: 'kakao' };
});

afterAll(() => setFlags({ maintenance: false, emergency: false }));

describe('maintenance flipped during writes', () => {
  it('nothing that began after the flip is accepted, and nothing is written after it', async (context) => {
    await setFlags({ maintenance: false, emergency: false });
    const calls = [...writes, ...writes];
    let flipped = false;
    const late: string[] = [];
    let acceptedBefore = 0;
    await inParallel(
      calls.map((route, i) => ({ route, i })),
      async ({ route, i }) => {
        if (i === writes.length && !flipped) {
          await setFlags({ maintenance: true, emergency: false });
          flipped = true;
        }
        const afterFlip = flipped;
        const res = await write(route);
        if (afterFlip && res.status !== 503) late.push(`${label(route)} ${res.status}`);
        if (!afterFlip && res.ok) acceptedBefore += 1;
      },
      6,
    );
    expect(flipped).toBe(true);
    // The calls in flight at the flip have ended: from here on, nothing may be written at all.
    const before = await dbDigest();
    const second: string[] = [];
    await inParallel(writes, async (route) => {
      const res = await write(route);
      const code = ((await res.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code;
      if (res.status !== 503 || code !== 'SERVICE_UNAVAILABLE') second.push(`${label(route)} ${res.status}`);
    });
    const written = changedTables(before, await dbDigest());
    securityRow(context, {
      area: 'maintenance',
      tried: `every state-changing route (${writes.length}) twice in parallel, maintenance on halfway (${acceptedBefore} writes accepted before it): calls begun after it`,
      letThrough: listed(late),
      pass: late.length === 0,
    });
    securityRow(context, {
      area: 'maintenance',
      tried: `every state-changing route (${writes.length}) once more after the flip: 503 SERVICE_UNAVAILABLE, D1 digest unchanged`,
      letThrough: listed([...second, ...written.map((t) => `${t} written`)]),
      pass: second.length === 0 && written.length === 0,
    });
    expect(late).toEqual([]);
    expect(second).toEqual([]);
    expect(written).toEqual([]);

    // And the flag going off lets writes through again (the member's session lived through it).
    await setFlags({ maintenance: false, emergency: false });
    const after = await member.browser.json('/api/my/setting', { isView: true });
    expect(after.status).not.toBe(503);
  });
});
