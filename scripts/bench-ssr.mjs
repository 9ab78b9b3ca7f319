// npm run bench:ssr [-- --requests N --concurrency C]
// Home-page SSR against a trivial route (/healthz) of the same Worker, in the same run, interleaved in
// rounds so both see the same machine. Prints requests/s (full body read) and p50/p95 time to first byte.
import http from 'node:http';
import { startBenchServer } from './lib/bench-server.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const REQUESTS = arg('requests', 400);
const CONCURRENCY = arg('concurrency', 8);
const ROUNDS = 4;
const PORT = 8797;
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function once(path, host) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const req = http.get({ host: '127.0.0.1', port: PORT, path, agent, headers: { host: `${host}:${PORT}`, 'accept-language': 'ko-KR' } }, (res) => {
      let ttfb = null;
      res.once('data', () => (ttfb = Number(process.hrtime.bigint() - started) / 1e6));
      res.on('data', () => {});
      res.on('end', () => (res.statusCode === 200 ? resolve(ttfb ?? Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`${path} answered ${res.statusCode}`))));
    });
    req.on('error', reject);
  });
}

async function run(path, count) {
  const ttfbs = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, worker) => {
      const hosts = ['flex', 'flexplus', 'shell', 'bread', 'nest', 'live'];
      while (next < count) {
        next++;
        ttfbs.push(await once(path, `${hosts[(next + worker) % hosts.length]}.localhost`));
      }
    }),
  );
  return { ttfbs, seconds: (performance.now() - started) / 1000 };
}

const pct = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

const server = await startBenchServer({ port: PORT, state: '.wrangler/bench-state' });
try {
  await run('/', 50); // warm both paths
  await run('/healthz', 50);
  const results = { '/': { ttfbs: [], seconds: 0 }, '/healthz': { ttfbs: [], seconds: 0 } };
  for (let round = 0; round < ROUNDS; round++) {
    for (const path of round % 2 ? ['/healthz', '/'] : ['/', '/healthz']) {
      const { ttfbs, seconds } = await run(path, REQUESTS / ROUNDS);
      results[path].ttfbs.push(...ttfbs);
      results[path].seconds += seconds;
    }
  }
  const row = (path) => {
    const r = results[path];
    return { rps: r.ttfbs.length / r.seconds, p50: pct(r.ttfbs, 50), p95: pct(r.ttfbs, 95) };
  };
  const home = row('/');
  const trivial = row('/healthz');
  console.log(`SSR bench: ${REQUESTS} requests per route, concurrency ${CONCURRENCY}, wrangler dev (workerd, production React build) on loopback, 6 brands round-robin`);
  console.log(`route            req/s    p50 TTFB ms   p95 TTFB ms`);
  console.log(`/ (home SSR)   ${home.rps.toFixed(0).padStart(7)}   ${home.p50.toFixed(1).padStart(11)}   ${home.p95.toFixed(1).padStart(11)}`);
  console.log(`/healthz       ${trivial.rps.toFixed(0).padStart(7)}   ${trivial.p50.toFixed(1).padStart(11)}   ${trivial.p95.toFixed(1).padStart(11)}`);
  console.log(`ratio home/trivial: throughput ${(home.rps / trivial.rps).toFixed(2)}x, p95 TTFB ${(home.p95 / trivial.p95).toFixed(2)}x`);
} finally {
  agent.destroy();
  server.stop();
}
