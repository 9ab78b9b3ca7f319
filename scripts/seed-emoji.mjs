// node scripts/seed-emoji.mjs [--persist-to DIR]: the platform's common emoji set in local D1 and the uploads
// bucket (seed-demo.mjs runs it). Each image is a real 64x64 PNG drawn here (anti-aliased shapes, zlib and
// CRC-32 by hand), stored like an upload (random key, uploads row). Idempotent: codes present are skipped.
// The images belong to the seed's own account `flex_emoji` (no password can sign in as it).
import { deflateSync } from 'node:zlib';
import { pathToFileURL } from 'node:url';
import { parseTarget } from './lib/wrangler.mjs';
import { uploadKey, withLocalStore } from './lib/local-store.mjs';

const SIZE = 64;
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A PNG (RGBA, 8 bits) from `paint(x, y)` → [r, g, b, a] or null, with 4x4 supersampling for smooth edges. */
export function drawPng(paint) {
  const rows = [];
  for (let y = 0; y < SIZE; y++) {
    const row = Buffer.alloc(1 + SIZE * 4); // filter byte 0: none
    for (let x = 0; x < SIZE; x++) {
      const acc = [0, 0, 0, 0];
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const c = paint((x + (sx + 0.5) / 4) / SIZE, (y + (sy + 0.5) / 4) / SIZE);
          if (!c) continue;
          for (let i = 0; i < 3; i++) acc[i] += c[i] * c[3];
          acc[3] += c[3];
        }
      const a = acc[3] / 16;
      const o = 1 + x * 4;
      if (a > 0) for (let i = 0; i < 3; i++) row[o + i] = Math.round(acc[i] / acc[3]);
      row[o + 3] = Math.round(a);
    }
    rows.push(row);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(SIZE, 0);
  ihdr.writeUInt32BE(SIZE, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

// Shapes in the unit square (0..1, y down).
const disc = (cx, cy, r) => (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
const ring = (cx, cy, r, w, from, to) => (x, y) => {
  const d = Math.hypot(x - cx, y - cy);
  const angle = Math.atan2(y - cy, x - cx);
  return Math.abs(d - r) <= w / 2 && angle >= from && angle <= to;
};
const INK = [60, 40, 30, 255];
const YELLOW = [255, 204, 51, 255];
const layers =
  (...pairs) =>
  (x, y) => {
    let color = null;
    for (const [shape, c] of pairs) if (shape(x, y)) color = c;
    return color;
  };
const face = (base, ...features) => layers([disc(0.5, 0.5, 0.46), base], [ring(0.5, 0.5, 0.46, 0.035, -Math.PI, Math.PI), [200, 140, 20, 255]], ...features);
const eyes = [
  [disc(0.35, 0.4, 0.06), INK],
  [disc(0.65, 0.4, 0.06), INK],
];

export const COMMON = [
  { code: 'smile', title: '미소', paint: face(YELLOW, ...eyes, [ring(0.5, 0.5, 0.25, 0.06, 0.35, Math.PI - 0.35), INK]) },
  {
    code: 'laugh',
    title: '웃음',
    paint: face(YELLOW, [ring(0.35, 0.43, 0.07, 0.045, -Math.PI, 0), INK], [ring(0.65, 0.43, 0.07, 0.045, -Math.PI, 0), INK], [(x, y) => disc(0.5, 0.58, 0.22)(x, y) && y >= 0.58, [150, 30, 40, 255]]),
  },
  { code: 'sad', title: '슬픔', paint: face([150, 200, 255, 255], ...eyes, [ring(0.5, 0.85, 0.22, 0.06, -Math.PI + 0.5, -0.5), INK], [disc(0.68, 0.55, 0.05), [40, 120, 230, 255]]) },
  { code: 'wow', title: '놀람', paint: face(YELLOW, ...eyes, [disc(0.5, 0.7, 0.1), INK]) },
  {
    code: 'heart',
    title: '하트',
    paint: layers([
      (x, y) => {
        const u = (x - 0.5) * 2.6;
        const v = (0.42 - y) * 2.6;
        return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0;
      },
      [230, 40, 70, 255],
    ]),
  },
  {
    code: 'star',
    title: '별',
    paint: layers([
      (x, y) => {
        const a = Math.atan2(y - 0.53, x - 0.5) + Math.PI / 2;
        const r = Math.hypot(x - 0.5, y - 0.53);
        const k = Math.cos(Math.PI / 5) / Math.cos((((a % ((2 * Math.PI) / 5)) + (2 * Math.PI) / 5) % ((2 * Math.PI) / 5)) - Math.PI / 5);
        return r <= 0.46 * (0.45 + (0.55 * (k - Math.cos(Math.PI / 5))) / (1 - Math.cos(Math.PI / 5)));
      },
      [255, 190, 0, 255],
    ]),
  },
];

/** Writes the missing common emoji; answers the codes it added. */
export function seedEmoji(target = {}) {
  return withLocalStore(target, seedEmojiInto);
}

/** The common set into a D1 database and the uploads bucket (a running server's own bindings, or withLocalStore's). */
export async function seedEmojiInto({ db, uploads }) {
  await db.prepare("INSERT OR IGNORE INTO members (login_id, nickname, password_hash) VALUES ('flex_emoji', '플렉스이모티콘', 'none')").run();
  const owner = await db.prepare("SELECT id FROM members WHERE login_id = 'flex_emoji'").first();
  const added = [];
  for (const e of COMMON) {
    if (await db.prepare('SELECT 1 FROM emoji WHERE channel_id IS NULL AND code = ?').bind(e.code).first()) continue;
    const png = drawPng(e.paint);
    const key = await uploadKey('png');
    await uploads.put(key, png, { httpMetadata: { contentType: 'image/png' } });
    const now = Date.now();
    await db.batch([
      db
        .prepare("INSERT INTO uploads (key, owner_id, purpose, content_type, size, width, height, created_at) VALUES (?, ?, 'emoji', 'image/png', ?, ?, ?, ?)")
        .bind(key, owner.id, png.length, SIZE, SIZE, now),
      db.prepare('INSERT INTO emoji (channel_id, code, title, upload_key, created_at) VALUES (NULL, ?, ?, ?, ?)').bind(e.code, e.title, key, now),
    ]);
    added.push(e.code);
  }
  return added;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const added = await seedEmoji(parseTarget(process.argv.slice(2)));
  console.log(added.length ? `common emoji added: ${added.join(', ')}` : 'common emoji: all present');
}
