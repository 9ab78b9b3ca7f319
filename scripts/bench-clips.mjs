// npm run bench:clips [-- --calls 30 --state-dir DIR]
// What making a clip costs as recordings grow: the built Worker on its own port and state, demo data seeded, then
// recordings of 1, 10 and 24 hours of half-second segments in three renditions written straight to D1 as the ingest
// writes them (7,200 to 172,800 segments a rendition). demo_viewer makes 30-second clips of each, ending at random
// moments, through POST /api/clips (the answer, sequential: one member clicking), next to a trivial member GET in the
// same run; its clips are deleted straight from D1 every ten (the hourly limit). Prints p50/p95/max and the ratio
// to the trivial GET, and checks every clip lists 60 or 61 segments in each rendition.
import { existsSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { insertRows, startBenchServer, until } from './lib/bench-server.mjs';
import { signedIn } from './lib/signed-in.mjs';
import { DEMO_PASSWORD } from './seed-demo.mjs';
import { percentile } from './lib/stats.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const CALLS = arg('calls', 30);
const HOURS = [1, 10, 24];
const RENDITIONS = ['480p', '360p', '240p'];
const SEGMENT_MS = 500;
const PORT = 8867;
const STATE_DIR = process.argv.includes('--state-dir') ? process.argv[process.argv.indexOf('--state-dir') + 1] : existsSync('/dev/shm') ? '/dev/shm/flex-live-bench' : '.wrangler';
const STATE = `${STATE_DIR}/bench-clips-state`;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const ME = 'demo_viewer';
const CHANNEL = 1;

const ms = (v) => `${v.toFixed(1)} ms`;

/** A recording of `hours` of half-second CMAF segments in three renditions, as the ingest leaves it; its id and start. */
async function seedRecording(db, hours) {
  const count = (hours * 3600_000) / SEGMENT_MS;
  const startedAt = Date.now() - hours * 3600_000 - 600_000;
  const endedAt = startedAt + count * SEGMENT_MS;
  const { id } = await db
    .prepare("INSERT INTO streams (channel_id, kind, source, title, started_at, ended_at, duration_ms) VALUES (?, 2, 'flex', ?, ?, ?, ?) RETURNING id")
    .bind(CHANNEL, `bench ${hours} h`, startedAt, endedAt, count * SEGMENT_MS)
    .first();
  await insertRows(
    db,
    'INSERT INTO stream_renditions (stream_id, name, position, bandwidth, width, height)',
    RENDITIONS.map((name, i) => `(${id}, '${name}', ${i}, ${1_000_000 >> i}, ${854 >> i}, ${480 >> i})`),
  );
  for (const rendition of RENDITIONS) {
    const rows = [];
    for (let seq = 0; seq < count; seq++) {
      const at = startedAt + seq * SEGMENT_MS;
      rows.push(`(${id}, '${rendition}', 'index${seq}.m4s', 0, 'init.mp4', ${seq}, ${SEGMENT_MS}, ${at}, 20000, ${at + SEGMENT_MS + 50})`);
    }
    rows.push(`(${id}, '${rendition}', 'init.mp4', 0, NULL, NULL, NULL, NULL, 800, ${startedAt})`);
    await insertRows(db, 'INSERT INTO stream_segments (stream_id, rendition, name, generation, init_name, seq, duration_ms, program_date_time, bytes, stored_at)', rows);
  }
  return { id, startedAt, endedAt, count };
}

async function main() {
  const started = performance.now();
  const server = await startBenchServer({ port: PORT, state: STATE, demo: true });
  try {
    const db = await server.mf.getD1Database('DB');
    const recordings = [];
    for (const hours of HOURS) recordings.push({ hours, ...(await seedRecording(db, hours)) });
    await until('the Worker', async () => (await fetch(`${ORIGIN}/v2/api/guest/timeCheck`)).ok, 30_000);
    const me = await signedIn(ORIGIN, ME, DEMO_PASSWORD);
    const memberId = (await db.prepare('SELECT id FROM members WHERE login_id = ?').bind(ME).first()).id;
    let rnd = 42;
    const random = () => {
      rnd = (rnd * 1103515245 + 12345) % 2 ** 31;
      return rnd / 2 ** 31;
    };

    const timed = async (call) => {
      const t = performance.now();
      const res = await call();
      const body = await res.json();
      return { ms: performance.now() - t, status: res.status, body };
    };
    const results = [];
    const trivial = [];
    for (let i = 0; i < CALLS + 5; i++) {
      const r = await timed(() => me.get('/api/my/bank-account'));
      if (i >= 5) trivial.push(r.ms);
    }
    results.push(['trivial GET /api/my/bank-account', trivial, []]);
    for (const rec of recordings) {
      const latencies = [];
      const problems = [];
      for (let i = 0; i < CALLS + 3; i++) {
        if (i % 10 === 0) await db.prepare('DELETE FROM clips WHERE member_id = ?').bind(memberId).run();
        const endAt = Math.round(rec.startedAt + 60_000 + random() * (rec.endedAt - rec.startedAt - 60_000));
        const r = await timed(() => me.post('/api/clips', { streamId: rec.id, title: `bench ${i}`, seconds: 30, endAt, requestKey: `bench-${rec.hours}-${i}-${Date.now()}` }));
        if (r.status !== 200) {
          problems.push(`${r.status} ${JSON.stringify(r.body)}`);
          continue;
        }
        if (i >= 3) latencies.push(r.ms);
        const listed = await db.prepare('SELECT rendition, COUNT(*) AS n FROM clip_segments WHERE clip_id = ? GROUP BY rendition').bind(r.body.clipId).all();
        const counts = listed.results.map((row) => row.n);
        if (listed.results.length !== RENDITIONS.length || counts.some((n) => n < 60 || n > 61)) problems.push(`clip ${r.body.clipId} lists ${JSON.stringify(listed.results)}`);
      }
      results.push([`POST /api/clips, ${rec.hours} h recording`, latencies, problems, rec.count]);
    }
    console.log(
      `\nbench:clips: 30 s clips of recordings of ${HOURS.join(', ')} h (half-second segments, ${RENDITIONS.length} renditions), ${CALLS} calls each, one at a time, loopback (${os.cpus().length} cores shared; D1 files in ${STATE_DIR})`,
    );
    const base = percentile(trivial, 50);
    for (const [name, latencies, problems, count] of results) {
      const p50 = percentile(latencies, 50);
      console.log(
        `  ${name.padEnd(36)} p50 ${ms(p50)}  p95 ${ms(percentile(latencies, 95))}  max ${ms(Math.max(...latencies))}${count ? `  (${count.toLocaleString('en')} segments a rendition; ${(p50 / base).toFixed(1)}x the trivial GET's p50)` : ''}`,
      );
      for (const p of problems.slice(0, 5)) console.log(`    FAIL ${p}`);
    }
    const failed = results.some(([, latencies, problems]) => problems.length > 0 || latencies.length === 0);
    console.log(`  every clip lists 60-61 segments in each rendition: ${failed ? 'FAIL' : 'PASS'}`);
    console.log(`  total ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (failed) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

await main();
