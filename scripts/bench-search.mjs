// npm run bench:search [-- --calls 40 --state-dir DIR]
// What search costs at size: the built Worker on its own port and state, demo data seeded, then 100,000 channels
// (their creators), 1,000 lives on air, 100,000 recordings, 50,000 notices and 1,000,000 board posts written straight
// to D1 by INSERT ... SELECT over a recursive CTE (a batch of rows a statement; the search indexes' triggers run
// for each row as they would for real ones). Titles and texts are drawn from 40 Korean words, a third of them joined
// without a space ("수다방송"), so a two-character word has a few dozen index terms to stand for. demo_viewer
// searches (GET /api/search, the "all" tab: five kinds in one batch; a kind's tab; the suggestions), one at a
// time, next to a trivial member GET in the same run. Prints p50/p95/max and the ratio to the trivial GET's p50.
// "A new pair each call" asks a different two-character word each time (nothing of an earlier call's reading helps).
import { existsSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { startBenchServer, until } from './lib/bench-server.mjs';
import { signedIn } from './lib/signed-in.mjs';
import { DEMO_PASSWORD } from './seed-demo.mjs';
import { percentile } from './lib/stats.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const CALLS = arg('calls', 40);
const CHANNELS = 100_000;
const LIVES = 1_000;
const RECORDINGS = 100_000;
const NOTICES = 50_000;
const POSTS = 1_000_000;
const BATCH = 25_000;
const PORT = 8870;
const STATE_DIR = process.argv.includes('--state-dir') ? process.argv[process.argv.indexOf('--state-dir') + 1] : existsSync('/dev/shm') ? '/dev/shm/flex-live-bench' : '.wrangler';
const STATE = `${STATE_DIR}/bench-search-state`;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ME = 'demo_viewer';
/** The goal: a search answers within this at the 95th percentile. */
const GOAL_P95_MS = 50;

const WORDS = JSON.stringify(
  '수다 게임 노래 먹방 여행 일상 공부 운동 고양이 강아지 요리 영화 음악 라디오 토크 밤샘 새벽 주말 라이브 방송 캠핑 낚시 그림 독서 댄스 코딩 축구 야구 농구 드라마 뉴스 퀴즈 힐링 수면 산책 쇼핑 패션 뷰티 자동차 여름'.split(
    ' ',
  ),
);
/** A random word of the list, in SQL (the list is ?1). */
const WORD = "json_extract(?1, '$[' || (abs(random()) % 40) || ']')";
/** Between words: a space, or (one time in three) none. */
const GAP = "CASE abs(random()) % 3 WHEN 0 THEN '' ELSE ' ' END";
const words = (n) => Array.from({ length: n }, () => WORD).join(` || ${GAP} || `);
/** Rows i = ?2 .. ?3. */
const RANGE = 'WITH RECURSIVE n(i) AS (SELECT CAST(?2 AS INTEGER) UNION ALL SELECT i + 1 FROM n WHERE i < ?3)';

const ms = (v) => `${v.toFixed(1)} ms`;

/** Runs `sql` (binding the words, then each batch's first and last i) over 1..total, BATCH rows a statement. */
async function seedRows(db, what, total, sql) {
  const started = performance.now();
  for (let from = 1; from <= total; from += BATCH)
    await db
      .prepare(sql)
      .bind(WORDS, from, Math.min(total, from + BATCH - 1))
      .run();
  console.log(`  seeded ${total.toLocaleString('en')} ${what} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function seed(db) {
  const base = (await db.prepare('SELECT COALESCE(MAX(id), 0) AS n FROM members').first()).n;
  await seedRows(db, 'creators', CHANNELS, `INSERT INTO members (login_id, nickname, password_hash) ${RANGE} SELECT 'bench' || i, '벤치' || i, 'x' FROM n`);
  await seedRows(
    db,
    'channels',
    CHANNELS,
    `INSERT INTO channels (owner_id, title, description, stream_key, follower_count) ${RANGE}
     SELECT m.id, ${words(3)}, ${words(6)}, 'bench-key-' || i, abs(random()) % 1000 FROM n JOIN members m ON m.login_id = 'bench' || i`,
  );
  const first = (await db.prepare("SELECT MIN(id) AS id FROM channels WHERE stream_key LIKE 'bench-key-%'").first()).id;
  const now = Date.now();
  await seedRows(
    db,
    'recordings',
    RECORDINGS,
    `INSERT INTO streams (channel_id, kind, source, title, started_at, ended_at, duration_ms) ${RANGE}
     SELECT ${first} + abs(random()) % ${CHANNELS}, 2, 'flex', ${words(4)}, ${now - 86_400_000} - i * 1000, ${now - 86_400_000} - i * 1000 + 3600000, 3600000 FROM n`,
  );
  await seedRows(
    db,
    'lives',
    LIVES,
    `INSERT INTO streams (channel_id, kind, source, title, started_at, viewer_count) ${RANGE}
     SELECT ${first} + (i - 1) * ${CHANNELS / LIVES}, 1, 'flex', ${words(4)}, ${now} - 600000, abs(random()) % 500 FROM n`,
  );
  await seedRows(
    db,
    'notices',
    NOTICES,
    `INSERT INTO channel_notices (channel_id, author_id, title, body, created_at, updated_at) ${RANGE}
     SELECT ch.id, ch.owner_id, ${words(3)}, ${words(12)}, ${now} - i * 1000, ${now} - i * 1000 FROM n JOIN channels ch ON ch.id = ${first} + abs(random()) % ${CHANNELS}`,
  );
  await seedRows(
    db,
    'board posts',
    POSTS,
    `INSERT INTO board_posts (channel_id, author_id, category, title, body, body_text, created_at, updated_at) ${RANGE}
     SELECT ${first} + abs(random()) % ${CHANNELS}, ${base + 1} + abs(random()) % ${CHANNELS}, 'free', ${words(3)}, '', ${words(12)}, ${now} - i * 100, ${now} - i * 100 FROM n`,
  );
}

async function main() {
  const started = performance.now();
  const server = await startBenchServer({ port: PORT, state: STATE, demo: true });
  try {
    const db = await server.mf.getD1Database('DB');
    await seed(db);
    await until('the Worker', async () => (await fetch(`${ORIGIN}/v2/api/guest/timeCheck`)).ok, 30_000);
    const me = await signedIn(ORIGIN, ME, DEMO_PASSWORD);

    const timed = async (path) => {
      const t = performance.now();
      const res = await me.get(path);
      const body = await res.json();
      return { ms: performance.now() - t, status: res.status, body };
    };
    const search = (q, tab = 'all') => `/api/search?q=${encodeURIComponent(q)}&tab=${tab}`;
    const CASES = [
      ['"수다" (2 chars, common), all tabs', search('수다'), (b) => b.channels.items.length > 0 && b.posts.items.length > 0],
      ['"수다" posts tab, 20 a page', search('수다', 'posts'), (b) => b.posts.items.length === 20],
      ['"산책" channels tab (2 chars)', search('산책', 'channels'), (b) => b.channels.items.length > 0],
      ['"고양이" (3 chars), all tabs', search('고양이'), (b) => b.channels.items.length > 0],
      ['"고양이 수다" (phrase), all tabs', search('고양이 수다'), (b) => b.posts.items.length > 0],
      ['login ID "bench77777", all tabs', search('bench77777'), (b) => b.channels.items[0]?.loginId === 'bench77777'],
      ['"하늘의 수다" (demo channel 1), all', search('하늘의 수다'), (b) => b.channels.items.some((c) => c.loginId === 'demo_caster1')],
      ['no hit "없는검색어", all tabs', search('없는검색어'), (b) => b.channels.items.length === 0 && b.posts.items.length === 0],
      ['a new 2-char pair each call, all tabs', (i) => search(COLD_PAIRS[i % COLD_PAIRS.length]), (b) => b.posts.items.length > 0],
      ['suggestions "수다"', `/api/search/suggest?q=${encodeURIComponent('수다')}`, (b) => b.channels.length === 6 && b.channels[0].live !== null],
    ];
    // Two-character words no earlier call asked for.
    const COLD_PAIRS = JSON.parse(WORDS)
      .flatMap((w) => (w.length === 2 ? [w] : [w.slice(0, 2), w.slice(1, 3)]))
      .filter((w) => w !== '수다' && w !== '산책');
    const trivial = [];
    const results = [];
    for (let i = 0; i < CALLS + 5; i++) {
      const r = await timed('/api/my/bank-account');
      if (i >= 5) trivial.push(r.ms);
    }
    for (const [name, path, check] of CASES) {
      const latencies = [];
      const problems = [];
      for (let i = 0; i < CALLS + 3; i++) {
        const r = await timed(typeof path === 'function' ? path(i) : path);
        if (r.status !== 200 || !check(r.body)) {
          problems.push(`${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
          continue;
        }
        if (i >= 3) latencies.push(r.ms);
      }
      results.push([name, latencies, problems]);
    }
    console.log(
      `\nbench:search: ${CHANNELS.toLocaleString('en')} channels, ${LIVES.toLocaleString('en')} lives, ${RECORDINGS.toLocaleString('en')} recordings, ${NOTICES.toLocaleString('en')} notices, ${POSTS.toLocaleString('en')} board posts; ${CALLS} calls each as ${ME}, one at a time, loopback (${os.cpus().length} cores shared; D1 files in ${STATE_DIR})`,
    );
    const base = percentile(trivial, 50);
    console.log(`  ${'trivial GET /api/my/bank-account'.padEnd(38)} p50 ${ms(base)}  p95 ${ms(percentile(trivial, 95))}  max ${ms(Math.max(...trivial))}`);
    let failed = false;
    for (const [name, latencies, problems] of results) {
      const p95 = percentile(latencies, 95);
      const over = !(p95 < GOAL_P95_MS);
      failed ||= over || problems.length > 0;
      console.log(
        `  ${name.padEnd(38)} p50 ${ms(percentile(latencies, 50))}  p95 ${ms(p95)}  max ${ms(Math.max(...latencies))}  (${(percentile(latencies, 50) / base).toFixed(1)}x the trivial GET's p50)${over ? '  OVER' : ''}`,
      );
      for (const p of problems.slice(0, 3)) console.log(`    FAIL ${p}`);
    }
    console.log(`  every search answered as expected, p95 under ${GOAL_P95_MS} ms: ${failed ? 'FAIL' : 'PASS'}`);
    console.log(`  total ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (failed) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
