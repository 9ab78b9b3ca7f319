// npm run bench:went-live [-- --followers 10000 --online 0.1 --pushed 0.2 --state-dir DIR]
// A went-live fan-out: the built Worker on its own port and state (demo data), 10,000 members following demo channel
// 1 (all with demo_viewer's password, so any can sign in), a tenth of them with a page open lately (their inboxes
// are woken: the others have no page to show a notice on); three of them, the first, a middle and the last in member
// order (the order the notices go in), listen on their inbox sockets. The live starts as an encoder's first files
// arrive; the bench prints when each of the three was told (the last is told by the last queue message), and how
// long the segment that started the live took to be answered, beside the same on demo channel 2 (no followers) in
// the same run: the fan-out is queued, so the live's start must not wait for it. A fifth of the followers also have a
// browser that takes Web Push, at a push service on loopback (scripts/lib/push-receiver.mjs, which checks each VAPID
// token and decrypts each message): the bench prints when the last push was taken.
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { insertRows, startBenchServer, until } from './lib/bench-server.mjs';
import { signedIn } from './lib/signed-in.mjs';
import { startPushReceiver } from './lib/push-receiver.mjs';
import { DEMO_PASSWORD } from './seed-demo.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
};
const FOLLOWERS = arg('followers', 10_000);
const ONLINE = arg('online', 0.1);
const PUSHED = arg('pushed', 0.2);
const GOAL_MS = 10_000;
const PORT = 8869;
const STATE_DIR = process.argv.includes('--state-dir') ? process.argv[process.argv.indexOf('--state-dir') + 1] : existsSync('/dev/shm') ? '/dev/shm/flex-live-bench' : '.wrangler';
const STATE = `${STATE_DIR}/bench-went-live-state`;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const CHANNELS = { followed: { id: 1, key: 'demo-stream-key-0001' }, alone: { id: 2, key: 'demo-stream-key-0002' } };

/** An ISO BMFF box of `type` (the ingest checks a CMAF file's first box). */
const box = (type, size = 256) => {
  const bytes = new Uint8Array(size);
  new DataView(bytes.buffer).setUint32(0, size);
  bytes.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  return bytes;
};
const put = (path, body) => fetch(`${ORIGIN}${path}`, { method: 'PUT', body });

/** An encoder's first files on a channel: its init segment, then the segment that starts the live (timed). */
async function goLive(key) {
  if (!(await put(`/live/ingest/${key}/init.mp4`, box('ftyp'))).ok) throw new Error('init refused');
  const t = performance.now();
  const res = await put(`/live/ingest/${key}/index0.m4s`, box('moof', 4096));
  const ms = performance.now() - t;
  if (!res.ok) throw new Error(`segment refused: ${res.status}`);
  const playlist = [
    '#EXTM3U',
    '#EXT-X-VERSION:7',
    '#EXT-X-TARGETDURATION:1',
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-MAP:URI="init.mp4"',
    '#EXTINF:1.000000,',
    `#EXT-X-PROGRAM-DATE-TIME:${new Date().toISOString()}`,
    'index0.m4s',
    '',
  ];
  await put(`/live/ingest/${key}/index.m3u8`, playlist.join('\n'));
  return ms;
}

/** A member's inbox socket: resolves with the time its went-live frame arrived. */
async function listen(loginId) {
  const member = await signedIn(ORIGIN, loginId, DEMO_PASSWORD);
  const { ticket } = await (await member.post('/api/my/inbox-ticket', {})).json();
  const ws = new WebSocket(`ws://127.0.0.1:${PORT}/inbox?ticket=${encodeURIComponent(ticket)}`, { headers: { origin: ORIGIN } });
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const told = new Promise((resolve) => ws.on('message', (data) => JSON.parse(String(data)).type === 'went_live' && resolve(performance.now())));
  return { ws, told };
}

async function main() {
  const server = await startBenchServer({ port: PORT, state: STATE, demo: true });
  const receiver = await startPushReceiver();
  try {
    const db = await server.mf.getD1Database('DB');
    const { hash } = await db.prepare("SELECT password_hash AS hash FROM members WHERE login_id = 'demo_viewer'").first();
    const every = Math.round(1 / ONLINE);
    const rows = Array.from({ length: FOLLOWERS }, (_, i) => `('wl_${i}', '알림${i}', '${hash}', ${i % every === 0 ? Date.now() : 'NULL'})`);
    await insertRows(db, 'INSERT INTO members (login_id, nickname, password_hash, inbox_seen_at)', rows);
    await db.prepare("INSERT INTO follows (member_id, channel_id, created_at) SELECT id, ?, 0 FROM members WHERE login_id LIKE 'wl\\_%' ESCAPE '\\'").bind(CHANNELS.followed.id).run();
    // A browser's subscription for every 1/PUSHED-th follower (offset from the online ones), as the page would keep it.
    const pushEvery = Math.round(1 / PUSHED);
    const pushedIndexes = Array.from({ length: FOLLOWERS }, (_, i) => i).filter((i) => i % pushEvery === 1);
    const subscriptions = await Promise.all(pushedIndexes.map(async () => (await fetch(`${receiver.origin}/subscriptions`, { method: 'POST' })).json()));
    const ids = new Map((await db.prepare("SELECT id, login_id AS loginId FROM members WHERE login_id LIKE 'wl\\_%' ESCAPE '\\'").all()).results.map((r) => [r.loginId, r.id]));
    const subscriptionRows = pushedIndexes.map((i, n) => `(${ids.get(`wl_${i}`)}, '${subscriptions[n].endpoint}', '${subscriptions[n].p256dh}', '${subscriptions[n].auth}', 'ko', ${Date.now()})`);
    // 200 a statement: a row is about 250 characters, and D1 takes statements of up to 100 KB.
    for (let i = 0; i < subscriptionRows.length; i += 200) {
      await insertRows(db, 'INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, locale, created_at)', subscriptionRows.slice(i, i + 200));
    }
    await db.prepare('UPDATE channels SET follower_count = (SELECT COUNT(*) FROM follows WHERE channel_id = ?1) WHERE id = ?1').bind(CHANNELS.followed.id).run();
    await until('the Worker', async () => (await fetch(`${ORIGIN}/v2/api/guest/timeCheck`)).ok, 30_000);
    const listeners = await Promise.all([0, Math.floor(FOLLOWERS / 2), FOLLOWERS - 1].map((i) => listen(`wl_${i}`)));

    const aloneMs = await goLive(CHANNELS.alone.key);
    const started = performance.now();
    const followedMs = await goLive(CHANNELS.followed.key);
    const told = await Promise.all(listeners.map((l) => Promise.race([l.told, new Promise((r) => setTimeout(() => r(null), 60_000))])));
    const after = told.map((at) => (at === null ? null : at - started));
    const allPushed = await until('every push', async () => receiver.taken.length >= pushedIndexes.length, 60_000).then(
      () => true,
      () => false,
    );
    const lastPush = allPushed ? Math.max(...receiver.taken.map((t) => t.at)) - started : null;
    for (const l of listeners) l.ws.close();

    const line = (label, ms) => console.log(`  ${label.padEnd(52)} ${ms === null ? 'never (60 s)' : `${Math.round(ms)} ms`}`);
    const woken = (await db.prepare("SELECT COUNT(*) AS n FROM members WHERE login_id LIKE 'wl\\_%' ESCAPE '\\' AND inbox_seen_at IS NOT NULL").first()).n;
    console.log(
      `went-live notices to ${FOLLOWERS.toLocaleString('en')} followers of one channel (in-page, through each follower's inbox: ${woken.toLocaleString('en')} with a page open lately woken)`,
    );
    line('first follower told, after the live started', after[0]);
    line('middle follower told', after[1]);
    line('last follower told (the whole fan-out)', after[2]);
    line(`last of ${pushedIndexes.length.toLocaleString('en')} Web Pushes taken by the push service`, lastPush);
    console.log(
      `  the segment that started the live: ${followedMs.toFixed(1)} ms with ${FOLLOWERS.toLocaleString('en')} followers, ${aloneMs.toFixed(1)} ms with none (${(followedMs / aloneMs).toFixed(2)}x)`,
    );
    const pass = [...after, lastPush].every((ms) => ms !== null && ms < GOAL_MS);
    console.log(`  goal: every follower within ${GOAL_MS / 1000} s: ${pass ? 'PASS' : 'FAIL'}`);
    process.exitCode = pass ? 0 : 1;
  } finally {
    await Promise.all([server.stop(), receiver.stop()]);
  }
}

await main();
