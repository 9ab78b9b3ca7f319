// A demo encoder: the static ffmpeg from npm making low-latency HLS, uploaded to our ingest
// (PUT /live/ingest/<key>/index.m3u8 and segments) plus a thumbnail every 5 s.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

/**
 * The burned-in wall clock, HH:MM:SS.mmm. This ffmpeg's localtime has no sub-second field, so the clock
 * is the frame's pts (which -re keeps on wall time) plus the wall time at launch.
 */
function clockFilter(height) {
  const font = FONT_CANDIDATES.find((f) => existsSync(f));
  const size = Math.round(height / 9);
  return [
    `drawtext=${font ? `fontfile='${font.replace(/:/g, '\\:')}':` : ''}text='%{pts\\:hms\\:${secondsSinceMidnight()}}'`,
    `fontsize=${size}:fontcolor=white:box=1:boxcolor=black@0.65:boxborderw=8:x=(w-tw)/2:y=h-th-${Math.round(size / 2)}`,
  ].join(':');
}

/**
 * ffmpeg keeps a local thumbnail file fresh (atomically, twice a second) and we PUT it every 5 s. Two
 * things ruled out the obvious `fps=1/5` branch with image2 PUTting itself: a branch that slow stalls
 * ffmpeg's HLS output (the first segment took 11 s, then came in a burst), and with it `wrangler dev`
 * fell over within half a minute; image2 also ignores -method and POSTs.
 */
function uploadThumbnails(child, file, url) {
  let last = null;
  const timer = setInterval(async () => {
    let bytes;
    try {
      bytes = readFileSync(file);
    } catch {
      return; // not written yet
    }
    if (last && bytes.equals(last)) return;
    last = bytes;
    try {
      await fetch(url, { method: 'PUT', body: bytes, headers: { 'content-type': 'image/jpeg' } });
    } catch {}
  }, THUMBNAIL_EVERY_S * 1000);
  child.on('exit', () => {
    clearInterval(timer);
    rmSync(join(file, '..'), { recursive: true, force: true });
  });
}

const THUMBNAIL_EVERY_S = 5;
/** How often the uploader looks for a new playlist (a 1 s segment waits at most this long). */
const UPLOAD_POLL_MS = 50;

/**
 * Uploads what ffmpeg writes into `dir`: each segment the playlist newly lists, whole, then the playlist.
 * ffmpeg could PUT them itself, but it streams a segment's body for as long as the segment lasts (1 s),
 * and an encoder stopped mid-segment cuts that request off; `wrangler dev` takes a client that drops a
 * request body as its own failure and exits. Whole files in one request each leave nothing to cut off.
 * A failed PUT is tried again on the next look. Resolves once ffmpeg has exited and its last playlist
 * (with #EXT-X-ENDLIST when it stopped normally) is up.
 */
function uploadHls(child, dir, ingest) {
  const playlistFile = join(dir, 'index.m3u8');
  const uploaded = new Set();
  let lastPlaylist = null;
  let syncing = null;

  async function put(name, body, type) {
    const res = await fetch(`${ingest}/${name}`, { method: 'PUT', body, headers: { 'content-type': type } });
    if (!res.ok) throw new Error(`PUT ${name} answered ${res.status}`);
  }

  async function sync() {
    let playlist;
    try {
      playlist = readFileSync(playlistFile, 'utf8');
    } catch {
      return; // no segment finished yet
    }
    // This ffmpeg rewrites the playlist in place: one caught mid-write lacks its final newline.
    if (playlist === lastPlaylist || !playlist.endsWith('\n')) return;
    const segments = playlist
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const name of segments) {
      if (uploaded.has(name)) continue;
      await put(name, readFileSync(join(dir, name)), 'video/mp2t');
      uploaded.add(name);
    }
    await put('index.m3u8', playlist, 'application/vnd.apple.mpegurl');
    lastPlaylist = playlist;
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
 * last segment and a playlist with #EXT-X-ENDLIST, which ends the stream at once).
 */
export function startBroadcast({ origin, streamKey, file, durationSeconds, thumbnails = true, width = 640, height = 360, fps = 30, stdio = ['ignore', 'ignore', 'inherit'] }) {
  const ingest = `${origin.replace(/\/$/, '')}/live/ingest/${streamKey}`;
  // This ffmpeg stamps #EXT-X-PROGRAM-DATE-TIME from time() (whole seconds): starting it just after a
  // second turns over keeps the playlist's date-times within ffmpeg's start-up time of the burned-in clock.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000 - (Date.now() % 1000) + 20);
  // -t as an input option, so both outputs (HLS and thumbnail) end together.
  const limit = durationSeconds ? ['-t', String(durationSeconds)] : [];
  const input = file
    ? ['-re', '-stream_loop', '-1', ...limit, '-i', file]
    : ['-re', '-f', 'lavfi', ...limit, '-i', `testsrc2=size=${width}x${height}:rate=${fps}`, '-f', 'lavfi', ...limit, '-i', 'sine=frequency=440:sample_rate=48000'];
  const audio = file ? '0:a?' : '1:a';
  const video = file ? `[0:v]scale=${width}:${height}:force_original_aspect_ratio=decrease,pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2,fps=${fps},` : '[0:v]';
  const graph = `${video}${clockFilter(height)},format=yuv420p${thumbnails ? `,split=2[v][t];[t]fps=2,scale=320:-2[thumb]` : '[v]'}`;
  const hlsDir = mkdtempSync(join(tmpdir(), 'flex-hls-'));
  const thumbFile = thumbnails ? join(mkdtempSync(join(tmpdir(), 'flex-thumb-')), 'thumb.jpg') : null;
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-nostdin',
    ...input,
    '-filter_complex',
    graph,
    '-map',
    '[v]',
    '-map',
    audio,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-tune',
    'zerolatency',
    '-g',
    String(fps),
    '-keyint_min',
    String(fps),
    '-sc_threshold',
    '0',
    '-b:v',
    '600k',
    '-maxrate',
    '600k',
    '-bufsize',
    '600k',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
    '-ar',
    '48000',
    '-f',
    'hls',
    '-hls_time',
    '1',
    '-hls_list_size',
    '6',
    '-hls_flags',
    'program_date_time+independent_segments+delete_segments',
    join(hlsDir, 'index.m3u8'),
    ...(thumbnails ? ['-map', '[thumb]', '-c:v', 'mjpeg', '-q:v', '5', '-f', 'image2', '-update', '1', '-atomic_writing', '1', thumbFile] : []),
  ];
  const child = spawn(ffmpegPath, args, { stdio });
  uploadHls(child, hlsDir, ingest);
  if (thumbnails) uploadThumbnails(child, thumbFile, `${ingest}/thumb.jpg`);
  return child;
}
