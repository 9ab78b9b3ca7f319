import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ClipCard, ClipDetail, ClipList, StaffClipsPageData } from '../../src/shared/clip-schemas';
import { CLIPS_PER_HOUR } from '../../src/shared/clip-limits';
import type { ChannelPageResponse } from '../../src/shared/streams-api';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { propsOf, type Browser } from './helpers';
import { ORIGIN, box, encoderRun, put, uris, type EncoderRun } from './live-fixtures';
import { uniqueTag } from './unique';
import { insertStream, signedIn } from './watch-fixtures';

// Clips: a member cuts up to a minute of a live or a recording at segment boundaries; the clip lists the stream's own
// segments (every rendition), plays as a finished playlist, outlives its recording, and its maker or the channel's
// creator deletes it.

const T0 = Date.now() - 900_000;
const run = (key: string, options: EncoderRun) => encoderRun(key, T0, options);

/** A signed-in creator with a channel of ours (its stream key), adult or password-protected when asked. */
async function creatorChannel({ adult = false, password = false } = {}) {
  const creator = await signedIn();
  const key = `clip_key_${uniqueTag()}_abcdefgh`;
  const channel = await env.DB.prepare('INSERT INTO channels (owner_id, title, stream_key, adult, password_hash) VALUES (?, ?, ?, ?, ?) RETURNING id')
    .bind(creator.id, `clips ${uniqueTag()}`, key, +adult, password ? 'pbkdf2-sha256$1$AA$AA' : null)
    .first<{ id: number }>();
  return { creator, channelId: channel!.id, key };
}

const liveOf = async (channelId: number) => (await (await SELF.fetch(`${ORIGIN}/api/channels/${channelId}/channel-page`)).json<ChannelPageResponse>()).live!;
const clip = (browser: Browser, body: Record<string, unknown>) => browser.json('/api/clips', { title: '명장면', seconds: 30, requestKey: `key-${uniqueTag()}`, ...body });
const detail = async (browser: Browser, clipId: string) => (await browser.fetch(`/api/clips/${clipId}`)).json<ClipDetail>();
const text = async (path: string) => {
  const res = await SELF.fetch(`${ORIGIN}${path}`);
  return { status: res.status, text: await res.text(), cache: res.headers.get('cache-control') };
};
const names = (playlist: string) => uris(playlist).map((u) => u.split('/').pop());
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `index${from + i}.m4s`);
const errorCode = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('clips', () => {
  it('a viewer clips the last 30 s of a live: the segments it covers, a finished playlist, the same clip for the same request', async () => {
    const { channelId, key } = await creatorChannel();
    await run(key, { count: 80, startSec: 0, mark: 7 });
    const live = await liveOf(channelId);
    const viewer = await signedIn();
    const requestKey = `key-${uniqueTag()}`;
    const made = await clip(viewer.browser, { streamId: live.streamId, requestKey });
    expect(made.status).toBe(200);
    const { clipId } = await made.json<{ clipId: string }>();
    expect(clipId).toMatch(/^[A-Za-z0-9]{10}$/);
    // A second click sends the same request: the same clip, not another.
    expect(await (await clip(viewer.browser, { streamId: live.streamId, requestKey })).json()).toEqual({ clipId });
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM clips WHERE member_id = ?').bind(viewer.id).first<{ n: number }>())!.n).toBe(1);

    const shown = await detail(viewer.browser, clipId);
    expect(shown).toMatchObject({ clipId, title: '명장면', channelId, streamId: live.streamId, durationMs: 30_000, viewCount: 0, access: 'ok', canDelete: true, adult: false });
    expect(shown.maker.loginId).toBe(viewer.loginId);
    expect(shown.startedAt).toBe(T0 + 50_000);
    expect(shown.playback!.url).toBe(`/live/clips/${clipId}/index.m3u8`);

    const playlist = await text(shown.playback!.url);
    expect(playlist.status).toBe(200);
    expect(playlist.cache).toBe('public, max-age=60');
    expect(playlist.text).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(playlist.text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
    expect(playlist.text).toContain('#EXT-X-MAP:URI="init.mp4"');
    expect(names(playlist.text)).toEqual(range(50, 79));
    // Its files are the stream's own, fetched through the clip.
    const segment = await SELF.fetch(`${ORIGIN}/live/clips/${clipId}/index63.m4s`);
    expect(segment.status).toBe(200);
    expect(new Uint8Array(await segment.arrayBuffer())).toEqual(box('moof', 128, 7));
    expect((await SELF.fetch(`${ORIGIN}/live/clips/${clipId}/init.mp4`)).status).toBe(200);
    // A segment of the stream that the clip does not list is not the clip's.
    expect((await SELF.fetch(`${ORIGIN}/live/clips/${clipId}/index10.m4s`)).status).toBe(404);
  });

  it('a recording is clipped up to where the viewer was watching, at segment boundaries, in every rendition', async () => {
    const { channelId, key } = await creatorChannel();
    const master = ['#EXTM3U', '#EXT-X-STREAM-INF:BANDWIDTH=1100000,RESOLUTION=854x480', '480p/index.m3u8', '#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360', '360p/index.m3u8'];
    expect((await put(`/live/ingest/${key}/master.m3u8`, `${master.join('\n')}\n`)).status).toBe(204);
    await run(key, { count: 60, startSec: 0, folder: '480p', mark: 1 });
    await run(key, { count: 60, startSec: 0, folder: '360p', mark: 2 });
    const streamId = (await liveOf(channelId)).streamId;
    await run(key, { count: 60, startSec: 0, folder: '480p', ended: true, playlistOnly: true });
    await run(key, { count: 60, startSec: 0, folder: '360p', ended: true, playlistOnly: true });
    const viewer = await signedIn();
    // Watching second 40.5 of the recording: ten seconds before it touch segments 30 to 40.
    const made = await clip(viewer.browser, { streamId, seconds: 10, endAt: T0 + 40_500 });
    expect(made.status).toBe(200);
    const { clipId } = await made.json<{ clipId: string }>();
    expect((await detail(viewer.browser, clipId)).durationMs).toBe(11_000);
    const top = await text(`/live/clips/${clipId}/index.m3u8`);
    expect(uris(top.text)).toEqual(['480p/index.m3u8', '360p/index.m3u8']);
    const low = await text(`/live/clips/${clipId}/360p/index.m3u8`);
    expect(names(low.text)).toEqual(range(30, 40));
    const file = await SELF.fetch(`${ORIGIN}/live/clips/${clipId}/360p/index35.m4s`);
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(box('moof', 128, 2));
    // Past the recording's end, the clip ends where the recording does.
    const late = await clip(viewer.browser, { streamId, seconds: 5, endAt: T0 + 3_600_000 });
    const lateClip = await detail(viewer.browser, (await late.json<{ clipId: string }>()).clipId);
    expect(lateClip.startedAt).toBe(T0 + 55_000);
  });

  it('refuses what it cannot cut, in the viewer’s language, and writes nothing', async () => {
    const open = await creatorChannel();
    await run(open.key, { count: 10, startSec: 0 });
    const openLive = await liveOf(open.channelId);
    const viewer = await signedIn();
    const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM clips WHERE member_id = ?').bind(viewer.id).first<{ n: number }>())!.n;

    const guest = await SELF.fetch(`${ORIGIN}/api/clips`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(guest.status).not.toBe(200);
    const blank = await clip(viewer.browser, { streamId: openLive.streamId, title: '   ' });
    expect(blank.status).toBe(400);
    expect((await clip(viewer.browser, { streamId: openLive.streamId, seconds: 61 })).status).toBe(400);
    expect((await clip(viewer.browser, { streamId: openLive.streamId, seconds: 4 })).status).toBe(400);
    const missing = await clip(viewer.browser, { streamId: 987_654_321 });
    expect(missing.status).toBe(404);
    expect(await errorCode(missing)).toBe('STREAM_NOT_FOUND');
    // Before anything was stored: nothing to cut.
    const early = await clip(viewer.browser, { streamId: openLive.streamId, endAt: T0 - 60_000 });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toBe('이 구간에는 클립으로 만들 영상이 없습니다.');

    // A password live: only its creator cuts it (a clip would show everyone what the password keeps).
    const locked = await creatorChannel({ password: true });
    const lockedStream = await insertStream(locked.channelId, { kind: 2, hasPassword: true });
    const refusedLocked = await clip(viewer.browser, { streamId: lockedStream });
    expect(refusedLocked.status).toBe(403);
    expect(await errorCode(refusedLocked)).toBe('CLIP_PASSWORD');
    // An adult stream: not for a member who has not verified being an adult.
    const adult = await creatorChannel({ adult: true });
    const adultStream = await insertStream(adult.channelId, { kind: 2, adult: true });
    const unverified = await signedIn('unverified');
    const refusedAdult = await unverified.browser.json('/api/clips', { streamId: adultStream, title: 'x', seconds: 10, requestKey: `key-${uniqueTag()}` });
    expect(refusedAdult.status).toBe(403);
    expect(await errorCode(refusedAdult)).toBe('IDENTITY_REQUIRED');
    // A third-party source has no segments of ours.
    const elsewhere = await insertStream(open.channelId, { kind: 2, source: 'aws', playbackUrl: 'https://example.com/x.m3u8' });
    expect(await errorCode(await clip(viewer.browser, { streamId: elsewhere }))).toBe('CLIP_UNAVAILABLE');
    expect(await count()).toBe(0);

    // Ten an hour: the eleventh waits, in English for an English viewer.
    for (let i = 0; i < CLIPS_PER_HOUR; i++) expect((await clip(viewer.browser, { streamId: openLive.streamId, seconds: 5 })).status).toBe(200);
    const body = { streamId: openLive.streamId, title: 'one more', seconds: 5, requestKey: `key-${uniqueTag()}` };
    const over = await viewer.browser.json('/api/clips', body, 'POST', { headers: { 'accept-language': 'en' } });
    expect(over.status).toBe(429);
    const { error } = (await over.json()) as { error: { code: string; message: string } };
    expect(error).toMatchObject({ code: 'CLIP_RATE', message: 'You can make up to 10 clips an hour. Please try again later.' });
    expect(await count()).toBe(CLIPS_PER_HOUR);
  });

  it("a clip keeps a copy of its stream's picture of its middle; a clip of a moment without one shows none", async () => {
    const { creator, channelId, key } = await creatorChannel();
    await run(key, { count: 10, startSec: 0 });
    const streamId = (await liveOf(channelId)).streamId;
    const viewer = await signedIn();
    // Before the encoder's first thumbnail: no picture to keep.
    const early = (await (await clip(viewer.browser, { streamId, seconds: 5, endAt: T0 + 10_000 })).json<{ clipId: string }>()).clipId;
    expect((await detail(viewer.browser, early)).pictureUrl).toBeNull();

    // The thumbnail is the channel's and, at the stream's newest moment (T0 + 10 s by its segments), the stream's.
    const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode(`picture ${uniqueTag()}`)]);
    expect((await put(`/live/ingest/${key}/thumb.jpg`, jpeg)).status).toBe(204);
    const pictures = (await env.MEDIA.list({ prefix: `live/${channelId}/${streamId}/pictures/` })).objects.map((o) => o.key.split('/').pop());
    expect(pictures).toEqual([`${String(Math.floor((T0 + 10_000) / 10_000) * 10_000).padStart(15, '0')}.jpg`]);

    const { clipId } = await (await clip(viewer.browser, { streamId, seconds: 5, endAt: T0 + 10_000 })).json<{ clipId: string }>();
    const shown = await detail(viewer.browser, clipId);
    expect(shown.pictureUrl).toBe(`/live/clips/${clipId}/picture.jpg`);
    const res = await SELF.fetch(`${ORIGIN}${shown.pictureUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(jpeg);
    // Its link, shared, previews the clip: its picture and its own address, not the site's home.
    const page = await (await SELF.fetch(`${ORIGIN}/clip/${clipId}`)).text();
    expect(page).toContain(`<meta property="og:image" content="https://www.flextv.example${shown.pictureUrl}"/>`);
    expect(page).toContain(`<meta property="og:url" content="https://www.flextv.example/clip/${clipId}"/>`);
    const listed = await (await SELF.fetch(`${ORIGIN}/api/channels/${channelId}/clips`)).json<{ items: ClipCard[] }>();
    expect(listed.items.map((c) => [c.clipId, c.pictureUrl])).toEqual([
      [clipId, shown.pictureUrl],
      [early, null],
    ]);

    // The clip's picture is its own copy: it goes with the clip, not before.
    expect((await creator.browser.fetch(`/api/clips/${clipId}`, { method: 'DELETE' })).status).toBe(200);
    expect(await env.MEDIA.head(`clips/${clipId}/picture.jpg`)).toBeNull();
    expect((await SELF.fetch(`${ORIGIN}/live/clips/${clipId}/picture.jpg`)).status).toBe(404);
  });

  it('a clip outlives its recording: its files stay in R2 until the clip goes, and then go', async () => {
    const { creator, channelId, key } = await creatorChannel();
    await run(key, { count: 20, startSec: 0, mark: 3 });
    const streamId = (await liveOf(channelId)).streamId;
    await run(key, { count: 20, startSec: 0, ended: true, playlistOnly: true });
    const viewer = await signedIn();
    const { clipId } = await (await clip(viewer.browser, { streamId, seconds: 5, endAt: T0 + 10_000 })).json<{ clipId: string }>();
    const kept = await clip(viewer.browser, { streamId, seconds: 5, endAt: T0 + 12_000 }); // overlaps the first clip: index7..index11
    const other = (await kept.json<{ clipId: string }>()).clipId;

    // Ten newer recordings: the next live deletes this one (the channel keeps its newest ten).
    for (let i = 1; i <= 10; i++) await insertStream(channelId, { kind: 2, startedAt: Date.now() + i });
    await run(key, { count: 2, startSec: 1000 });
    const prefix = `live/${channelId}/${streamId}/`;
    await expect.poll(async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM streams WHERE id = ?').bind(streamId).first<{ n: number }>())!.n).toBe(0);
    expect(await env.MEDIA.head(`${prefix}index2.m4s`)).toBeNull(); // in no clip
    expect(await env.MEDIA.head(`${prefix}index6.m4s`)).not.toBeNull();
    clearAllCaches();
    const played = await text(`/live/clips/${clipId}/index.m3u8`);
    expect(names(played.text)).toEqual(range(5, 9));
    expect((await SELF.fetch(`${ORIGIN}/live/clips/${clipId}/index6.m4s`)).status).toBe(200);

    // The channel's creator deletes the first clip: its files that the other clip does not list go.
    const stranger = await signedIn();
    const refused = await stranger.browser.fetch(`/api/clips/${clipId}`, { method: 'DELETE' });
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('CLIP_FORBIDDEN');
    expect((await creator.browser.fetch(`/api/clips/${clipId}`, { method: 'DELETE' })).status).toBe(200);
    expect(await env.MEDIA.head(`${prefix}index5.m4s`)).toBeNull();
    expect(await env.MEDIA.head(`${prefix}index8.m4s`)).not.toBeNull(); // the other clip's
    expect(await env.MEDIA.head(`${prefix}init.mp4`)).not.toBeNull(); // which needs the init segment too
    clearAllCaches();
    expect((await creator.browser.fetch(`/api/clips/${clipId}`)).status).toBe(404);
    expect((await text(`/live/clips/${clipId}/index.m3u8`)).status).toBe(404);
    // Its maker deletes the other: the last of the recording's files go.
    expect((await viewer.browser.fetch(`/api/clips/${other}`, { method: 'DELETE' })).status).toBe(200);
    expect(await env.MEDIA.head(`${prefix}index8.m4s`)).toBeNull();
    expect(await env.MEDIA.head(`${prefix}init.mp4`)).toBeNull();
  });

  it("views count once a day per viewer; the channel's clips list newest first, the week's most viewed lead the home page's", async () => {
    const { channelId, key } = await creatorChannel();
    await run(key, { count: 30, startSec: 0 });
    const streamId = (await liveOf(channelId)).streamId;
    const viewer = await signedIn();
    const first = (await (await clip(viewer.browser, { streamId, title: '첫 클립', seconds: 5, endAt: T0 + 10_000 })).json<{ clipId: string }>()).clipId;
    const second = (await (await clip(viewer.browser, { streamId, title: '둘째 클립', seconds: 5, endAt: T0 + 20_000 })).json<{ clipId: string }>()).clipId;

    const view = async (browser: Browser, clipId: string) => (await browser.fetch(`/api/clips/${clipId}/views`, { method: 'POST' })).json<{ counted: boolean; viewCount: number }>();
    expect(await view(viewer.browser, first)).toEqual({ counted: true, viewCount: 1 });
    expect(await view(viewer.browser, first)).toEqual({ counted: false, viewCount: 1 });
    const other = await signedIn();
    expect(await view(other.browser, first)).toEqual({ counted: true, viewCount: 2 });

    const list = await (await SELF.fetch(`${ORIGIN}/api/channels/${channelId}/clips`)).json<{ items: ClipCard[]; total: number }>();
    expect(list.total).toBe(2);
    expect(list.items.map((c) => c.clipId)).toEqual([second, first]);
    await env.DB.prepare('UPDATE clips SET view_count = 1000000 + ? WHERE id = ?').bind(0, first).run();
    const top = await (await SELF.fetch(`${ORIGIN}/api/clips/top-week`)).json<{ items: ClipCard[] }>();
    expect(top.items[0]!.clipId).toBe(first);
    // A week later it is no longer this week's.
    await env.DB.prepare('UPDATE clips SET created_at = created_at - 8 * 86400000 WHERE id = ?').bind(first).run();
    const later = await (await SELF.fetch(`${ORIGIN}/api/clips/top-week`)).json<{ items: ClipCard[] }>();
    expect(later.items.map((c) => c.clipId)).not.toContain(first);
  });

  it('staff find any clip by title, creator or id and delete it with a reason, written to the audit log with it; others may not', async () => {
    const { channelId, key } = await creatorChannel();
    await run(key, { count: 20, startSec: 0 });
    const streamId = (await liveOf(channelId)).streamId;
    const viewer = await signedIn();
    const tag = uniqueTag();
    const made: string[] = [];
    for (const title of [`노래 ${tag}`, `게임 ${tag}`]) made.push((await (await clip(viewer.browser, { streamId, title, seconds: 5 })).json<{ clipId: string }>()).clipId);
    const operator = await signedIn();
    await env.DB.prepare("UPDATE members SET role = 'O' WHERE id = ?").bind(operator.id).run();
    const find = async (q: string) => (await (await operator.browser.fetch(`/api/admin/clips?q=${encodeURIComponent(q)}`)).json<ClipList>()).items.map((c) => c.clipId);

    expect(await find(`노래 ${tag}`)).toEqual([made[0]]);
    expect(await find(tag)).toEqual([made[1], made[0]]); // newest first
    expect(await find(made[1]!)).toEqual([made[1]]);
    expect(await find('%')).not.toContain(made[0]); // % is a letter to look for, not a wildcard
    const owner = (await detail(viewer.browser, made[0]!)).creator.loginId;
    expect((await find(owner)).sort()).toEqual([...made].sort());
    // The page lists them for staff; a member who is not staff gets 403 from both.
    const page = await operator.browser.open(`/staff/clips?q=${encodeURIComponent(tag)}`);
    expect(page.status).toBe(200);
    expect((propsOf(await page.text()).data as StaffClipsPageData).list!.items.map((c) => c.title)).toEqual([`게임 ${tag}`, `노래 ${tag}`]);
    expect((await viewer.browser.fetch('/api/admin/clips')).status).toBe(403);
    expect((await viewer.browser.open('/staff/clips')).status).toBe(403);
    expect((await viewer.browser.json(`/api/admin/clips/${made[0]}/delete`, { reason: '저작권' })).status).toBe(403);

    // A reason is required: nothing is deleted without one.
    const bare = await operator.browser.json(`/api/admin/clips/${made[0]}/delete`, { reason: '  ' });
    expect(bare.status).toBe(400);
    expect((await detail(viewer.browser, made[0]!)).clipId).toBe(made[0]);
    expect((await operator.browser.json(`/api/admin/clips/${made[0]}/delete`, { reason: '저작권 침해 신고' })).status).toBe(200);
    expect((await viewer.browser.fetch(`/api/clips/${made[0]}`)).status).toBe(404);
    const audit = await env.DB.prepare("SELECT actor_id AS actorId, before_json AS beforeJson, after_json AS afterJson FROM staff_audit WHERE action = 'clip.delete' AND target_id = ?")
      .bind(made[0])
      .all<{ actorId: number; beforeJson: string; afterJson: string }>();
    expect(audit.results).toHaveLength(1);
    expect(audit.results[0]!.actorId).toBe(operator.id);
    expect(JSON.parse(audit.results[0]!.beforeJson)).toMatchObject({ title: `노래 ${tag}`, channelId, streamId, makerLoginId: viewer.loginId });
    expect(JSON.parse(audit.results[0]!.afterJson)).toEqual({ reason: '저작권 침해 신고' });
    const again = await operator.browser.json(`/api/admin/clips/${made[0]}/delete`, { reason: '저작권 침해 신고' });
    expect(again.status).toBe(404);
    expect(await errorCode(again)).toBe('CLIP_NOT_FOUND');
  });
});
