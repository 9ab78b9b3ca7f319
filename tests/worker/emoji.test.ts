import { SELF, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Emoji, EmojiList, OwnEmojiList } from '../../src/shared/emoji-schemas';
import type { MessageFrame } from '../../src/shared/chat-protocol';
import { get, ok, refused } from './helpers';
import { file, gif, png, svgWithScript } from './upload-fixtures';
import { clearWatchTables, creatorWithChannel, insertChannel, insertMember, signedIn } from './watch-fixtures';
import { joined, makeRoom, makeMember, say, sleep } from './chat-helpers';

// Emoji: the common set and a channel's own (its creator's studio), show-all-emoji, favorites for
// the member only, and chat messages carrying only emoji the room resolved itself.

beforeEach(clearWatchTables);

/** An image stored as the upload module would (R2 object + uploads row), and an emoji row for it. */
async function insertEmoji(channelId: number | null, code: string, title = code): Promise<{ id: number; key: string }> {
  const owner = await insertMember();
  const key = `${crypto.randomUUID().replaceAll('-', '')}.png`;
  await env.UPLOADS.put(key, png(32, 32), { httpMetadata: { contentType: 'image/png' } });
  await env.DB.prepare("INSERT INTO uploads (key, owner_id, purpose, content_type, size, width, height, created_at) VALUES (?, ?, 'emoji', 'image/png', 40, 32, 32, 0)").bind(key, owner.id).run();
  const row = await env.DB.prepare('INSERT INTO emoji (channel_id, code, title, upload_key, created_at) VALUES (?, ?, ?, ?, 0) RETURNING id').bind(channelId, code, title, key).first<{ id: number }>();
  return { id: row!.id, key };
}

function emojiForm(code: string, title: string, image: File): FormData {
  const form = new FormData();
  form.append('code', code);
  form.append('title', title);
  form.append('image', image);
  return form;
}

describe('channel emoji in the studio', () => {
  it('the creator adds, lists and deletes; the image is served as what its bytes are', async () => {
    const { creator, channel } = await creatorWithChannel();
    const added = await ok<Emoji>(await creator.browser.fetch('/api/my/channel/emoji', { method: 'POST', body: emojiForm('wave', '손인사', file(png(64, 64), 'wave.exe')) }));
    expect(added).toMatchObject({ channelId: channel.id, code: 'wave', title: '손인사', width: 64, height: 64, favorite: false });
    const image = await get(added.url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');

    const list = await ok<OwnEmojiList>(await creator.browser.fetch('/api/my/channel/emoji'));
    expect(list.items.map((e) => e.code)).toEqual(['wave']);
    expect(list.max).toBe(50);

    const deleted = await ok<{ emojiId: number; deleted: true }>(await creator.browser.fetch(`/api/my/channel/emoji/${added.emojiId}`, { method: 'DELETE' }));
    expect(deleted).toEqual({ emojiId: added.emojiId, deleted: true });
    expect((await ok<OwnEmojiList>(await creator.browser.fetch('/api/my/channel/emoji'))).items).toEqual([]);
    expect((await get(added.url)).status).toBe(404);
  });

  it('refuses taken codes, big or hostile images, and a member without a channel; nothing is stored', async () => {
    const { creator, channel } = await creatorWithChannel();
    await insertEmoji(null, 'smile');
    await insertEmoji(channel.id, 'mine');
    const cases: Array<[FormData, number, string]> = [
      [emojiForm('smile', '웃음', file(png(32, 32), 'a.png')), 409, 'EMOJI_CODE_TAKEN'], // the common set's
      [emojiForm('mine', '내꺼', file(png(32, 32), 'a.png')), 409, 'EMOJI_CODE_TAKEN'],
      [emojiForm('Bad-Code', '이름', file(png(32, 32), 'a.png')), 400, 'BAD_REQUEST'],
      [emojiForm('big', '큰것', file(png(513, 64), 'a.png')), 413, 'EMOJI_TOO_LARGE'],
      [emojiForm('heavy', '무거움', file(new Uint8Array(300 * 1024), 'a.png')), 413, 'EMOJI_TOO_LARGE'],
      [emojiForm('flood', '폭탄', file(png(20_000, 20_000), 'a.png')), 413, 'UPLOAD_DIMENSIONS'],
      [emojiForm('svg', '스크립트', file(svgWithScript(), 'a.svg', 'image/svg+xml')), 415, 'UPLOAD_SVG'],
    ];
    for (const [form, status, code] of cases) await refused(await creator.browser.fetch('/api/my/channel/emoji', { method: 'POST', body: form }), status, code);
    const stored = await env.DB.prepare('SELECT COUNT(*) AS n FROM uploads WHERE owner_id = ?').bind(creator.id).first<{ n: number }>();
    expect(stored!.n).toBe(0);

    const noChannel = await signedIn();
    await refused(await noChannel.browser.fetch('/api/my/channel/emoji', { method: 'POST', body: emojiForm('new', '새것', file(gif(32, 32), 'a.gif')) }), 404, 'NO_CHANNEL');
  });

  it("nobody deletes another channel's emoji or a common one: another creator, a member, a guest", async () => {
    const { channel } = await creatorWithChannel();
    const theirs = await insertEmoji(channel.id, 'theirs');
    const common = await insertEmoji(null, 'common');
    const other = await creatorWithChannel();
    await refused(await other.creator.browser.fetch(`/api/my/channel/emoji/${theirs.id}`, { method: 'DELETE' }), 404, 'EMOJI_NOT_FOUND');
    await refused(await other.creator.browser.fetch(`/api/my/channel/emoji/${common.id}`, { method: 'DELETE' }), 404, 'EMOJI_NOT_FOUND');
    const member = await signedIn();
    await refused(await member.browser.fetch(`/api/my/channel/emoji/${theirs.id}`, { method: 'DELETE' }), 404, 'NO_CHANNEL');
    const guestDelete = await SELF.fetch(`http://flex.localhost:8787/api/my/channel/emoji/${theirs.id}`, { method: 'DELETE' });
    expect([401, 403]).toContain(guestDelete.status);
    const left = await env.DB.prepare('SELECT COUNT(*) AS n FROM emoji').first<{ n: number }>();
    expect(left!.n).toBe(2);
  });
});

describe('GET /api/guest/show-all-emoji', () => {
  it("answers the channel's own and the common set in pages, searchable, favorites first for their member", async () => {
    const { channel } = await creatorWithChannel();
    const other = await insertChannel();
    await insertEmoji(null, 'smile', '웃음');
    const heart = await insertEmoji(null, 'heart', '하트');
    await insertEmoji(channel.id, 'wave', '손인사');
    await insertEmoji(other.id, 'elsewhere');

    const all = await ok<EmojiList>(await get(`/api/guest/show-all-emoji?option=${channel.id}`));
    expect(all).toMatchObject({ offset: 0, limit: 100, total: 3 });
    expect(all.items.map((e) => e.code)).toEqual(['wave', 'smile', 'heart']);
    expect(all.items.every((e) => !e.favorite)).toBe(true);

    expect((await ok<EmojiList>(await get('/api/guest/show-all-emoji?type=common'))).items.map((e) => e.code)).toEqual(['smile', 'heart']);
    expect((await ok<EmojiList>(await get(`/api/guest/show-all-emoji?type=channel&option=${channel.id}`))).items.map((e) => e.code)).toEqual(['wave']);
    expect((await ok<EmojiList>(await get(`/api/guest/show-all-emoji?option=${channel.id}&title=하트`))).items.map((e) => e.code)).toEqual(['heart']);
    const page = await ok<EmojiList>(await get(`/api/guest/show-all-emoji?option=${channel.id}&offset=1&limit=1`));
    expect(page).toMatchObject({ offset: 1, limit: 1, total: 3 });
    expect(page.items.map((e) => e.code)).toEqual(['smile']);
    await refused(await get('/api/guest/show-all-emoji?type=channel'), 400, 'BAD_REQUEST');
    await refused(await get('/api/guest/show-all-emoji?limit=101'), 400, 'BAD_REQUEST');

    const fan = await signedIn();
    const me = await fan.browser.fetch('/api/guest/show-all-emoji?type=common');
    expect((await ok<EmojiList>(me)).items[0]!.code).toBe('smile');
    const toggled = await ok<{ emojiId: number; favorite: boolean }>(await fan.browser.json('/api/lives/change-favorite-emoticon', { memberId: fan.id, emojiId: heart.id }));
    expect(toggled).toEqual({ emojiId: heart.id, favorite: true });
    const mine = await ok<EmojiList>(await fan.browser.fetch(`/api/guest/show-all-emoji?option=${channel.id}`));
    expect(mine.items.map((e) => [e.code, e.favorite])).toEqual([
      ['heart', true],
      ['wave', false],
      ['smile', false],
    ]);
    // Another viewer's order is untouched; a second change takes it out again.
    expect((await ok<EmojiList>(await get(`/api/guest/show-all-emoji?option=${channel.id}`))).items[0]!.code).toBe('wave');
    expect(await ok(await fan.browser.json('/api/lives/change-favorite-emoticon', { memberId: String(fan.id), emojiId: String(heart.id) }))).toEqual({ emojiId: heart.id, favorite: false });
  });
});

describe('POST /api/lives/change-favorite-emoticon', () => {
  it("is the signed-in member's own: someone else's memberId, a guest and an unknown emoji are refused and change nothing", async () => {
    const heart = await insertEmoji(null, 'heart');
    const fan = await signedIn();
    const other = await signedIn();
    await refused(await fan.browser.json('/api/lives/change-favorite-emoticon', { memberId: other.id, emojiId: heart.id }), 403, 'FORBIDDEN');
    await refused(await fan.browser.json('/api/lives/change-favorite-emoticon', { memberId: fan.id, emojiId: 999999 }), 404, 'EMOJI_NOT_FOUND');
    await refused(await fan.browser.json('/api/lives/change-favorite-emoticon', { memberId: fan.id }), 400, 'BAD_REQUEST');
    const guest = await SELF.fetch('http://flex.localhost:8787/api/lives/change-favorite-emoticon', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ memberId: other.id, emojiId: heart.id }),
    });
    expect([401, 403]).toContain(guest.status);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM emoji_favorites').first<{ n: number }>())!.n).toBe(0);
  });
});

describe('emoji in chat', () => {
  it('a message carries the emoji the room knows (channel first, then common), never what a client claims', async () => {
    const { room, channelId } = await makeRoom();
    const wave = await insertEmoji(channelId, 'wave');
    const smile = await insertEmoji(null, 'smile');
    await insertEmoji(null, 'wave'); // a common one of the same code: the channel's own wins
    const other = await insertChannel();
    await insertEmoji(other.id, 'foreign'); // another channel's: words here
    const writer = await makeMember();
    const viewer = await makeMember();
    const { client: w } = await joined(room, writer);
    const { client: v } = await joined(room, viewer);

    const sent = (await say(w, 'hi :wave: :smile: :foreign: :nope: :wave:')) as MessageFrame;
    expect(sent.emoji).toEqual([
      { code: 'wave', key: wave.key },
      { code: 'smile', key: smile.key },
    ]);
    const seen = (await v.waitFor((f) => f.type === 'message' && f.text.startsWith('hi '))) as MessageFrame;
    expect(seen.emoji).toEqual(sent.emoji);
    const plain = (await say(w, 'no emoji here')) as MessageFrame;
    expect(plain.emoji).toBeUndefined();

    // A client cannot bring its own images: a frame with an emoji list is not a known frame and is dropped.
    const before = v.frames.length;
    w.send({ type: 'message', text: ':evil:', emoji: [{ code: 'evil', key: `${'a'.repeat(32)}.png` }] });
    await say(w, 'after');
    expect(v.frames.slice(before).some((f) => f.type === 'message' && f.text === ':evil:')).toBe(false);

    // History keeps them: a newcomer's joined frame has the emoji.
    const { joinedFrame } = await joined(room, await makeMember());
    const old = joinedFrame.history.find((m) => m.text.startsWith('hi '));
    expect(old?.emoji).toEqual(sent.emoji);
    w.close();
    v.close();
    await sleep(10);
  });
});
