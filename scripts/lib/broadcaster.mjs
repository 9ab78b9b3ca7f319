// A demo encoder: the static ffmpeg from npm making low-latency HLS in CMAF (fMP4: an init segment and .m4s media
// segments; MPEG-TS on request), uploaded to our ingest (PUT /live/ingest/<key>/index.m3u8, init.mp4 and segments)
// plus a thumbnail every 5 s.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

const require = createRequire(import.meta.url);
export const ffmpegPath = require('@ffmpeg-installer/ffmpeg').path;

const FONT_CANDIDATES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf',
  '/usr/share/fonts/dejavu/DejaVuSansMono-Bold.ttf',
  '/System/Library/Fonts/Menlo.ttc',
  'C:/Windows/Fonts/consola.ttf',
];

/** Seconds since local midnight, to the millisecond: drawtext adds the frame's pts to it. */
function secondsSinceMidnight(now = new Date()) {
  const midnight = new Date(now);
  midnight.setHours(0, 0, 0, 0);
  return ((now.getTime() - midnight.getTime()) / 1000).toFixed(3);
}

/** Frames whose capture time is logged: the earliest of them dates media time 0. */
const CLOCK_FRAMES = 30;

/**
 * The burned-in wall clock, HH:MM:SS.mmm. This ffmpeg's localtime has no sub-second field, so the clock
 * is the frame's pts (which -re keeps on wall time) plus the wall time at launch. The filter also logs, for
 * the first frames, the wall clock at the moment each is drawn minus its pts (`print(time(0)-t)`, a bare
 * number on stderr): the smallest is when media time 0 was captured (see captureClock).
 */
function clockFilter(height) {
  const font = FONT_CANDIDATES.find((f) => existsSync(f));
  const size = Math.round(height / 9);
  return [
    `drawtext=${font ? `fontfile='${font.replace(/:/g, '\\:')}':` : ''}text='%{pts\\:hms\\:${secondsSinceMidnight()}}'`,
    `fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.65:boxborderw=8`,
    `x=(w-tw)/2+if(lt(n\\,${CLOCK_FRAMES})\\,0*print(time(0)-t\\,16)\\,0):y=h-th-${Math.round(size / 2)}`,
  ].join(':');
}

/**
 * When media time 0 was captured, from the clock lines clockFilter logs: ffmpeg stamps program date-time from
 * its own start, before it reads its input, so its stamps ran early (segments were listed 347 ms after the end
 * they were stamped with, against 28-83 ms with this clock), and every latency a viewer computed from them ran long
 * by as much. Frames are drawn no earlier than -re reads them, so the smallest (draw time - pts) is when reading began.
 * `onLine` gets every other stderr line.
 */
function captureClock(stderr, onLine) {
  let epochMs = null;
  let seen = 0;
  const settled = [];
  createInterface({ input: stderr }).on('line', (line) => {
    if (/^\d{9,}\.\d+$/.test(line.trim()) && seen < CLOCK_FRAMES * 2) {
      const at = Number(line) * 1000;
      epochMs = epochMs === null ? at : Math.min(epochMs, at);
      if (++seen === CLOCK_FRAMES) for (const resolve of settled.splice(0)) resolve(epochMs);
      return;
    }
    // av_log folds a line that repeats: after clock lines that is all the fold says.
    if (!/^\s*Last message repeated \d+ times$/.test(line)) onLine(line);
  });
  stderr.on('close', () => {
    for (const resolve of settled.splice(0)) resolve(epochMs);
  });
  /** The capture time of media time 0 (ms since the epoch), once the first frames were drawn; null if none was. */
  return () => (seen >= CLOCK_FRAMES ? Promise.resolve(epochMs) : new Promise((resolve) => settled.push(resolve)));
}

/**
 * A playlist's program date-times moved onto the capture clock: ffmpeg's stamp of a segment is its start time
 * plus the media time before it, so one offset (found on the playlist that lists media sequence 0) fixes all.
 */
function restamp(playlist, offset) {
  if (offset.ms === null) {
    const first = /#EXT-X-PROGRAM-DATE-TIME:(\S+)/.exec(playlist);
    if (!first || !/#EXT-X-MEDIA-SEQUENCE:0\b/.test(playlist) || offset.captureMs === null) return playlist;
    offset.ms = offset.captureMs - Date.parse(first[1]);
  }
  return playlist.replace(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/g, (_, stamp) => `#EXT-X-PROGRAM-DATE-TIME:${new Date(Date.parse(stamp) + offset.ms).toISOString()}`);
}

/**
 * Every 5 s, the first frame of the newest segment ffmpeg wrote into `dir` (its init segment before it, in CMAF),
 * scaled to 320 px by a short ffmpeg of its own, is PUT as the thumbnail. A thumbnail branch in the encoder's own
 * filter graph held its HLS output back: `fps=1/5` stalled it (the first segment took 11 s, then came in a burst, and
 * `wrangler dev` fell over within half a minute), and even `fps=2` kept every segment about 850 ms late.
 */
function uploadThumbnails(child, dir, url) {
  const work = mkdtempSync(join(tmpdir(), 'flex-thumb-'));
  let lastSegment = null;
  let busy = false;
  const timer = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      const files = listedFiles(readFileSync(join(dir, 'index.m3u8'), 'utf8'));
      const segment = files.filter((f) => !f.init).at(-1)?.name;
      const init = files.filter((f) => f.init).at(-1)?.name;
      if (!segment || segment === lastSegment) return;
      const source = join(work, init ? 'segment.mp4' : 'segment.ts');
      writeFileSync(source, Buffer.concat([...(init ? [readFileSync(join(dir, init))] : []), readFileSync(join(dir, segment))]));
      const picture = join(work, 'thumb.jpg');
      const grab = spawn(ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-i', source, '-frames:v', '1', '-vf', 'scale=320:-2', '-q:v', '5', '-y', picture], { stdio: 'ignore' });
      if ((await new Promise((resolve) => grab.on('exit', resolve))) !== 0) return;
      lastSegment = segment;
      await fetch(url, { method: 'PUT', body: readFileSync(picture), headers: { 'content-type': 'image/jpeg' } });
    } catch {
      // Not written yet, deleted meanwhile, or the server is busy: the next turn tries again.
    } finally {
      busy = false;
    }
  }, THUMBNAIL_EVERY_S * 1000);
  child.on('exit', () => {
    clearInterval(timer);
    rmSync(work, { recursive: true, force: true });
  });
}

const THUMBNAIL_EVERY_S = 5;

/** The files an ffmpeg media playlist names, in order: init segments (#EXT-X-MAP, `init: true`) and segments. */
function listedFiles(playlist) {
  return playlist.split('\n').flatMap((line) => {
    const l = line.trim();
    if (l.startsWith('#EXT-X-MAP:')) {
      const uri = /URI="([^"]+)"/.exec(l)?.[1];
      return uri ? [{ name: uri, init: true }] : [];
    }
    return l && !l.startsWith('#') ? [{ name: l, init: false }] : [];
  });
}
const CONTENT_TYPES = { '.ts': 'video/mp2t', '.m4s': 'video/iso.segment', '.mp4': 'video/mp4' };
/**
 * Half-second segments, each a keyframe interval: players that take LL-HLS parts play about 0.9 s behind the camera
 * (1.3 s with 1 s segments; docs/decisions.md, "Live latency").
 */
export const SEGMENT_SECONDS = 0.5;
/** How often the uploader looks for a new playlist (a segment waits at most this long). */
const UPLOAD_POLL_MS = 50;

/**
 * The demo's ladder (`npm start`): three renditions of one picture, each H.264 + AAC with a keyframe at the same
 * moments in all of them, so their segments line up and a player can switch at any segment. Sized for two demo channels
 * on two cores beside the server and a browser: encoding it takes about a third of a core (720p/480p/360p took
 * half a core; one 360p rendition a fifth), docs/decisions.md, "Live video".
 */
export const DEMO_LADDER = [
  { name: '480p', width: 854, height: 480, videoKbps: 900 },
  { name: '360p', width: 640, height: 360, videoKbps: 500 },
  { name: '240p', width: 426, height: 240, videoKbps: 250 },
];

/**
 * Uploads what ffmpeg writes into `dir`: each segment a playlist newly lists, whole, then the playlist; with a
 * ladder, first the master playlist (the renditions, under their names), then each rendition's files in its folder.
 * ffmpeg could PUT them itself, but it streams a segment's body for as long as the segment lasts,
 * and an encoder stopped mid-segment cuts that request off; `wrangler dev` takes a client that drops a
 * request body as its own failure and exits. Whole files in one request each leave nothing to cut off.
 * A failed PUT is tried again on the next look. Resolves once ffmpeg has exited and its last playlists
 * (with #EXT-X-ENDLIST when it stopped normally) are up.
 */
function uploadHls(child, dir, ingest, { ladder, fps, captureMs }) {
  // ffmpeg numbers its variant folders (0, 1, ...); the ingest gets them under the ladder's names.
  const folders = ladder ? ladder.map((r, i) => ({ local: join(dir, String(i)), remote: `${r.name}/` })) : [{ local: dir, remote: '' }];
  const uploaded = new Set();
  const lastPlaylist = new Map();
  /** Each rendition's program date-time correction (restamp), found on its first playlist. */
  const offsets = new Map();
  let masterSent = !ladder;
  let syncing = null;

  async function put(path, body, type) {
    const res = await fetch(`${ingest}/${path}`, { method: 'PUT', body, headers: { 'content-type': type } });
    if (!res.ok) throw new Error(`PUT ${path} answered ${res.status}`);
  }

  /** ffmpeg's master, its folders renamed, with the frame rate it does not write. */
  async function sendMaster() {
    let text;
    try {
      text = readFileSync(join(dir, 'master.m3u8'), 'utf8');
    } catch {
      return false; // not written yet
    }
    const lines = text.split('\n').map((line) => {
      if (line.startsWith('#EXT-X-STREAM-INF:')) return `${line},FRAME-RATE=${fps.toFixed(3)}`;
      const folder = /^(\d+)\/index\.m3u8$/.exec(line.trim());
      return folder ? `${ladder[Number(folder[1])].name}/index.m3u8` : line;
    });
    await put('master.m3u8', lines.join('\n'), 'application/vnd.apple.mpegurl');
    return true;
  }

  async function syncFolder({ local, remote }) {
    let playlist;
    try {
      playlist = readFileSync(join(local, 'index.m3u8'), 'utf8');
    } catch {
      return; // no segment finished yet
    }
    // This ffmpeg rewrites the playlist in place: one caught mid-write lacks its final newline.
    if (playlist === lastPlaylist.get(remote) || !playlist.endsWith('\n')) return;
    // CMAF: the init segment each #EXT-X-MAP names goes up before the segments that need it.
    for (const { name } of listedFiles(playlist)) {
      if (uploaded.has(remote + name)) continue;
      await put(remote + name, readFileSync(join(local, name)), CONTENT_TYPES[name.slice(name.lastIndexOf('.'))] ?? 'application/octet-stream');
      uploaded.add(remote + name);
    }
    if (!offsets.has(remote)) offsets.set(remote, { captureMs: await captureMs(), ms: null });
    await put(`${remote}index.m3u8`, restamp(playlist, offsets.get(remote)), 'application/vnd.apple.mpegurl');
    lastPlaylist.set(remote, playlist);
  }

  async function sync() {
    // The renditions are named before any of their files arrive.
    if (!masterSent) masterSent = await sendMaster();
    if (!masterSent) return;
    for (const folder of folders) await syncFolder(folder);
  }

  const look = () => {
    syncing ??= sync()
      .catch(() => {}) // the server is busy or restarting: the next look tries again
      .finally(() => (syncing = null));
    return syncing;
  };
  const timer = setInterval(look, UPLOAD_POLL_MS);
  child.on('exit', async () => {
    clearInterval(timer);
    await syncing;
    await look();
    rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * Starts ffmpeg; returns its ChildProcess (kill it with SIGINT for a clean stop: ffmpeg then writes its
 * last segment and a playlist with #EXT-X-ENDLIST, which ends the stream at once). `container` 'cmaf' (the
 * default: fMP4, which players append without transmuxing) or 'mpegts'. With `ladder` (DEMO_LADDER's shape,
 * largest first) it sends those renditions and a master playlist; else one rendition of `width` x `height`.
 */
export function startBroadcast({
  origin,
  streamKey,
  file,
  durationSeconds,
  thumbnails = true,
  width = 640,
  height = 360,
  fps = 30,
  segmentSeconds = SEGMENT_SECONDS,
  container = 'cmaf',
  ladder = null,
  log = (line) => process.stderr.write(`${line}\n`),
}) {
  const ingest = `${origin.replace(/\/$/, '')}/live/ingest/${streamKey}`;
  const renditions = ladder ?? [{ width, height, videoKbps: 600 }];
  ({ width, height } = renditions[0]);
  // The burned-in clock counts from the launch's wall time: starting just after a second turns over keeps the
  // two within ffmpeg's start-up time of each other (the program date-times follow the capture clock instead).
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000 - (Date.now() % 1000) + 20);
  // -t as an input option, so the video and the audio end together.
  const limit = durationSeconds ? ['-t', String(durationSeconds)] : [];
  const input = file
    ? ['-re', '-stream_loop', '-1', ...limit, '-i', file]
    : ['-re', '-f', 'lavfi', ...limit, '-i', `testsrc2=size=${width}x${height}:rate=${fps}`, '-f', 'lavfi', ...limit, '-i', 'sine=frequency=440:sample_rate=48000'];
  const audio = file ? '0:a?' : '1:a';
  const video = file ? `[0:v]scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,fps=${fps},` : '[0:v]';
  // One picture (with the clock), split into each rendition's size.
  const outputs = renditions.map((_, i) => `[s${i}]`).join('');
  const scaled = renditions.map((r, i) => (i === 0 ? `[s0]null[v0]` : `[s${i}]scale=${r.width}:${r.height}[v${i}]`)).join(';');
  const graph = `${video}${clockFilter(height)},format=yuv420p,split=${renditions.length}${outputs};${scaled}`;
  const hlsDir = mkdtempSync(join(tmpdir(), 'flex-hls-'));
  const rates = renditions.flatMap((r, i) => [`-b:v:${i}`, `${r.videoKbps}k`, `-maxrate:v:${i}`, `${r.videoKbps}k`, `-bufsize:v:${i}`, `${r.videoKbps}k`]);
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    ...input,
    '-filter_complex',
    graph,
    ...renditions.flatMap((_, i) => ['-map', `[v${i}]`]),
    ...renditions.flatMap(() => ['-map', audio]),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    // A keyframe at every segment's start in every rendition, never elsewhere: the segments of all renditions line up.
    '-g',
    String(Math.round(fps * segmentSeconds)),
    '-keyint_min',
    String(Math.round(fps * segmentSeconds)),
    '-sc_threshold',
    '0',
    ...rates,
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-ar',
    '48000',
    '-f',
    'hls',
    '-hls_time',
    String(segmentSeconds),
    '-hls_list_size',
    '6',
    ...(container === 'cmaf' ? ['-hls_segment_type', 'fmp4', '-hls_fmp4_init_filename', 'init.mp4'] : []),
    '-hls_flags',
    'program_date_time+independent_segments+delete_segments',
    ...(ladder
      ? [
          '-master_pl_name',
          'master.m3u8',
          '-var_stream_map',
          renditions.map((_, i) => `v:${i},a:${i}`).join(' '),
          '-hls_segment_filename',
          join(hlsDir, '%v', `index%d.${container === 'cmaf' ? 'm4s' : 'ts'}`),
          join(hlsDir, '%v', 'index.m3u8'),
        ]
      : [join(hlsDir, 'index.m3u8')]),
  ];
  const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const captureMs = captureClock(child.stderr, log);
  uploadHls(child, hlsDir, ingest, { ladder, fps, captureMs });
  if (thumbnails) uploadThumbnails(child, ladder ? join(hlsDir, '0') : hlsDir, `${ingest}/thumb.jpg`);
  return child;
}
