// npm run bench:ssr [-- --requests N] [-- --where]
// The home page for guests and for signed-in members against a trivial route (/healthz) of the same
// Worker, at concurrency 8 and 32, in the same process and interleaved in rounds so every row sees the
// same machine. Requests/s counts the full body read; p50/p95 are time to first byte. Goals (docs/architecture.md,
// Page cache): guest home at least 0.7x the trivial route's requests/s with a p95 TTFB at most 1.5x
// its own; member home (the members' shared copy with their own `me`) at least 0.8x, p95 at most 1.5x.
import http from 'node:http';
import { startBenchServer } from './lib/bench-server.mjs';
import { DEMO_PASSWORD } from './seed-demo.mjs';
import { percentile } from './lib/stats.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const REQUESTS = arg('requests', 800); // per row, over all rounds
const CONCURRENCIES = [8, 32];
const ROUNDS = 4;
const PORT = 8797;
const BRANDS = ['flex', 'flexplus', 'shell', 'bread', 'nest', 'live'];
/** One demo account per brand (scripts/seed-demo.mjs), each signed in on its brand's host. */
const MEMBERS = ['demo_viewer', 'demo_minor', 'demo_caster1', 'demo_caster2', 'demo_caster3', 'demo_caster4'];
const GOALS = { guest: { rps: 0.7, p95: 1.5 }, member: { rps: 0.8, p95: 1.5 } };

const agent = new http.Agent({ keepAlive: true, maxSockets: Math.max(...CONCURRENCIES) });

/** One request; resolves with its TTFB (ms), status, headers and body. */
function request(method, path, host, headers = {}, body) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.request({ method, host: '127.0.0.1', port: PORT, path, agent, headers: { host: `${host}:${PORT}`, 'accept-language': 'ko-KR', ...headers } }, (res) => {
      let ttfb = null;
      const chunks = [];
      res.on('data', (chunk) => {
        ttfb ??= Number(process.hrtime.bigint() - started) / 1e6;
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ ttfb: ttfb ?? Number(process.hrtime.bigint() - started) / 1e6, status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

const cookiesOf = (res) => Object.fromEntries((res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
const cookieHeader = (jar) =>
  Object.entries(jar)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');

/** Signs a demo account in through the edge, as the browser does: device and XSRF cookies first, then the form. */
async function signIn(loginId, host) {
  const jar = cookiesOf(await request('GET', '/healthz', host));
  const res = await request(
    'POST',
    '/v2/api/auth/signin',
    host,
    { cookie: cookieHeader(jar), 'content-type': 'application/json', 'x-xsrf-token': decodeURIComponent(jar['XSRF-TOKEN']) },
    JSON.stringify({ loginId, password: DEMO_PASSWORD }),
  );
  if (res.status !== 200) throw new Error(`sign-in of ${loginId} answered ${res.status}: ${res.body}`);
  Object.assign(jar, cookiesOf(res));
  if (!jar.flx_oauth_access) throw new Error(`sign-in of ${loginId} set no session cookie`);
  return { host, cookie: cookieHeader(jar), loginId };
}

/** `who` picks host and cookies for the n-th request: guests without cookies over the six brands, members with their own. */
async function run(path, who, count, concurrency) {
  const ttfbs = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const n = next++;
        const { host, headers } = who(n);
        const res = await request('GET', path, host, headers);
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        ttfbs.push(res.ttfb);
      }
    }),
  );
  return { ttfbs, seconds: (performance.now() - started) / 1000 };
}

const server = await startBenchServer({ port: PORT, state: '.wrangler/bench-state', demo: true });
try {
  const members = await Promise.all(MEMBERS.map((loginId, i) => signIn(loginId, `${BRANDS[i]}.localhost`)));
  const rows = {
    trivial: { path: '/healthz', who: (n) => ({ host: `${BRANDS[n % BRANDS.length]}.localhost`, headers: {} }) },
    guest: { path: '/', who: (n) => ({ host: `${BRANDS[n % BRANDS.length]}.localhost`, headers: {} }) },
    member: { path: '/', who: (n) => ({ host: members[n % members.length].host, headers: { cookie: members[n % members.length].cookie } }) },
  };
  // Where a member's time goes (no goals): their props alone (the session, `me`, the shared props, no document), and
  // a guest's document rendered afresh (a query is never served from the cache: the render alone, no session).
  if (process.argv.includes('--where')) {
    rows['m-props'] = { path: '/', who: (n) => ({ host: members[n % members.length].host, headers: { cookie: members[n % members.length].cookie, 'x-page-props': '1' } }) };
    rows['g-render'] = { path: '/?bench=1', who: (n) => ({ host: `${BRANDS[n % BRANDS.length]}.localhost`, headers: {} }) };
  }

  // What each row measures: a guest's page from the edge cache, a member's page (the members' copy with their own `me`).
  const guest = await request('GET', '/', 'flex.localhost');
  const again = await request('GET', '/', 'flex.localhost');
  const member = await request('GET', '/', members[0].host, { cookie: members[0].cookie });
  if (again.headers['x-edge-cache'] !== 'HIT') throw new Error(`a guest's second home page was not served from the cache (${again.headers['x-edge-cache']})`);
  // A member's home comes from the members' shared copy (X-Edge-Cache) with their own `me` written in.
  if (!member.body.includes(`"loginId":"${members[0].loginId}"`)) throw new Error('the member home page is not the member’s own');
  if (!guest.body.includes('"me":null') || guest.body.includes('"pendingMe"')) throw new Error('the guest home page names a member');

  const results = {};
  for (const concurrency of CONCURRENCIES) {
    for (const row of Object.values(rows)) await run(row.path, row.who, 100, concurrency); // warm up
    const names = Object.keys(rows);
    for (const name of names) results[`${name}@${concurrency}`] = { ttfbs: [], seconds: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      // A different order each round: no row always runs right after another.
      const order = names.map((_, i) => names[(i + round) % names.length]);
      for (const name of order) {
        const { ttfbs, seconds } = await run(rows[name].path, rows[name].who, REQUESTS / ROUNDS, concurrency);
        results[`${name}@${concurrency}`].ttfbs.push(...ttfbs);
        results[`${name}@${concurrency}`].seconds += seconds;
      }
    }
  }

  const stats = (key) => {
    const r = results[key];
    return { rps: r.ttfbs.length / r.seconds, p50: percentile(r.ttfbs, 50), p95: percentile(r.ttfbs, 95) };
  };
  console.log(`SSR bench: ${REQUESTS} requests per row, Miniflare (workerd, production bundle) on loopback, demo data; guests over the 6 brands, members = 6 demo accounts signed in`);
  console.log('route     who      conc    req/s   p50 ms   p95 ms   req/s ratio   p95 ratio   goal');
  let failed = 0;
  for (const concurrency of CONCURRENCIES) {
    const trivial = stats(`trivial@${concurrency}`);
    for (const name of Object.keys(rows)) {
      const s = stats(`${name}@${concurrency}`);
      const ratio = s.rps / trivial.rps;
      const p95ratio = s.p95 / trivial.p95;
      const goal = GOALS[name];
      let verdict = '';
      if (goal) {
        const ok = ratio >= goal.rps && (goal.p95 === null || p95ratio <= goal.p95);
        if (!ok) failed += 1;
        verdict = `${ok ? 'PASS' : 'FAIL'} (>= ${goal.rps}x${goal.p95 ? `, p95 <= ${goal.p95}x` : ''})`;
      }
      console.log(
        `${rows[name].path.padEnd(9)} ${name.padEnd(8)} ${String(concurrency).padStart(4)} ${s.rps.toFixed(0).padStart(8)} ${s.p50.toFixed(1).padStart(8)} ${s.p95.toFixed(1).padStart(8)} ${`${ratio.toFixed(2)}x`.padStart(13)} ${`${p95ratio.toFixed(2)}x`.padStart(11)}   ${verdict}`,
      );
    }
  }
  console.log(failed === 0 ? 'all goals met' : `${failed} goal(s) missed`);
  process.exitCode = failed === 0 ? 0 : 1;
} finally {
  agent.destroy();
  await server.stop();
}
