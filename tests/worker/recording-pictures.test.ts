import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChannelPageResponse, StreamDetail } from '../../src/shared/streams-api';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { ORIGIN, encoderRun, put } from './live-fixtures';
import { uniqueTag } from './unique';
import { signedIn } from './watch-fixtures';

// A recording's picture is its own: the middle one of those its live kept, not its channel's newest (which is the
// next live's once there is one). A gated recording's picture opens only with a token signed for it.

const T0 = Date.now() - 900_000;
const jpeg = (label: string) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new TextEncoder().encode(`${label} ${uniqueTag()}`)]);

async function channelWithKey({ adult = false } = {}) {
  const creator = await signedIn();
  const key = `rec_pic_${uniqueTag()}_abcdefgh`;
  const row = await env.DB.prepare('INSERT INTO channels (owner_id, title, stream_key, adult) VALUES (?, ?, ?, ?) RETURNING id')
    .bind(creator.id, `pictures ${uniqueTag()}`, key, +adult)
    .first<{ id: number }>();
  return { channelId: row!.id, key };
}

/** A live of 30 s whose encoder sent a picture at 10, 20 and 30 s (by its segments' clock), then ended. */
async function recordedLive(key: string): Promise<Uint8Array[]> {
  const pictures: Uint8Array[] = [];
  for (const count of [10, 20, 30]) {
    await encoderRun(key, T0, { count, startSec: 0 });
    const picture = jpeg(`at ${count} s`);
    expect((await put(`/live/ingest/${key}/thumb.jpg`, picture)).status).toBe(204);
    pictures.push(picture);
  }
  await encoderRun(key, T0, { count: 30, startSec: 0, ended: true, playlistOnly: true });
  return pictures;
}

const channelPage = async (channelId: number) => (await SELF.fetch(`${ORIGIN}/api/channels/${channelId}/channel-page`)).json<ChannelPageResponse>();
const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

/** The picture is chosen as the live ends, beside it (waitUntil): its card names it once chosen. */
async function recordingCard(channelId: number) {
  for (let i = 0; i < 50; i++) {
    clearAllCaches();
    const card = (await channelPage(channelId)).recorded[0];
    if (card?.thumbnailUrl || (card && (await env.DB.prepare('SELECT picture_at AS at FROM streams WHERE id = ?').bind(card.streamId).first<{ at: number | null }>())?.at !== null)) return card;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no picture chosen for the recording');
}

describe("a recording's picture", () => {
  it("is the middle one its live kept, not the channel's newest, and stays so when the next live sends its own", async () => {
    const { channelId, key } = await channelWithKey();
    const pictures = await recordedLive(key);
    const card = await recordingCard(channelId);
    const at = Math.floor((T0 + 20_000) / 10_000) * 10_000; // the picture sent at 20 s, named by its stretch
    expect(card.thumbnailUrl).toBe(`/live/${channelId}/${card.streamId}/picture.jpg?v=${at}`);
    const res = await SELF.fetch(`${ORIGIN}${card.thumbnailUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(await bytes(res)).toEqual(pictures[1]);
    // The channel's picture is the last one sent; the recording's stays its own after a new live's picture.
    expect(await bytes(await SELF.fetch(`${ORIGIN}/live/${channelId}/thumb.jpg`))).toEqual(pictures[2]);
    await encoderRun(key, T0, { count: 2, startSec: 600 });
    expect((await put(`/live/ingest/${key}/thumb.jpg`, jpeg('next live'))).status).toBe(204);
    clearAllCaches();
    const page = await channelPage(channelId);
    expect(page.live).not.toBeNull();
    expect(page.recorded.find((r) => r.streamId === card.streamId)?.thumbnailUrl).toBe(card.thumbnailUrl);
    expect(await bytes(await SELF.fetch(`${ORIGIN}${card.thumbnailUrl}`))).toEqual(pictures[1]);
  });

  it("of an adult live is named on no card; its page gives a viewer who may watch it a signed one; a guest's or a forged token gets 403", async () => {
    const { channelId, key } = await channelWithKey({ adult: true });
    const pictures = await recordedLive(key);
    const card = await recordingCard(channelId);
    expect(card).toMatchObject({ adult: true, thumbnailUrl: null });
    const { at } = (await env.DB.prepare('SELECT picture_at AS at FROM streams WHERE id = ?').bind(card.streamId).first<{ at: number }>())!;
    const path = `/live/${channelId}/${card.streamId}/picture.jpg?v=${at}`;
    expect((await SELF.fetch(`${ORIGIN}${path}`)).status).toBe(403);
    expect((await SELF.fetch(`${ORIGIN}${path}&token=1999999999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)).status).toBe(403);
    const adult = await signedIn();
    const detail = await (await adult.browser.fetch(`/api/streams/${card.streamId}`)).json<StreamDetail>();
    expect(detail.access).toBe('ok');
    expect(detail.thumbnailUrl).toMatch(new RegExp(`^${path.replace(/[?.]/g, '\\$&')}&token=`));
    const signed = await SELF.fetch(`${ORIGIN}${detail.thumbnailUrl}`);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(await bytes(signed)).toEqual(pictures[1]);
    const minor = await signedIn('minor');
    expect((await (await minor.browser.fetch(`/api/streams/${card.streamId}`)).json<StreamDetail>()).thumbnailUrl).toBeNull();
  });

  it("is none for a live that sent no picture: its card draws the creator's tile", async () => {
    const { channelId, key } = await channelWithKey();
    await encoderRun(key, T0, { count: 5, startSec: 0 });
    await encoderRun(key, T0, { count: 5, startSec: 0, ended: true, playlistOnly: true });
    clearAllCaches();
    const card = (await channelPage(channelId)).recorded[0]!;
    expect(card.thumbnailUrl).toBeNull();
    expect((await SELF.fetch(`${ORIGIN}/live/${channelId}/${card.streamId}/picture.jpg?v=1`)).status).toBe(404);
  });
});

describe("a page's preview when its link is shared (Open Graph)", () => {
  const head = async (path: string) => {
    const html = await (await SELF.fetch(`${ORIGIN}${path}`)).text();
    const meta = (key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]?.replaceAll('&amp;', '&') ?? null;
    return { image: meta('og:image'), url: meta('og:url'), title: meta('og:title'), type: meta('og:type'), card: meta('twitter:card') };
  };

  it("a recording's page shows its own picture, title and address; an adult one's its brand's icon", async () => {
    const { channelId, key } = await channelWithKey();
    await recordedLive(key);
    const card = await recordingCard(channelId);
    await env.DB.prepare('UPDATE streams SET title = ? WHERE id = ?').bind('오늘의 방송 다시 보기', card.streamId).run();
    clearAllCaches();
    expect(await head(`/vod/${card.streamId}?t=30`)).toEqual({
      image: `https://www.flextv.example${card.thumbnailUrl}`,
      url: `https://www.flextv.example/vod/${card.streamId}`,
      title: expect.stringMatching(/^오늘의 방송 다시 보기 \| /),
      type: 'video.other',
      card: 'summary_large_image',
    });

    const adult = await channelWithKey({ adult: true });
    await recordedLive(adult.key);
    const gated = await recordingCard(adult.channelId);
    expect(await head(`/vod/${gated.streamId}`)).toMatchObject({ image: 'https://www.flextv.example/brands/flex/icon.svg', card: 'summary' });
  });

  it("every other page shows the brand: its title, its icon, the page's own address", async () => {
    expect(await head('/cs/notices?page=2')).toMatchObject({
      image: 'https://www.flextv.example/brands/flex/icon.svg',
      url: 'https://www.flextv.example/cs/notices',
      type: 'website',
      card: 'summary',
    });
  });
});
