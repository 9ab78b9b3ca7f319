import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChannelProfile, LiveBoardCheckResponse } from '../../src/shared/channel-schemas';
import type { ChannelPageResponse, ListResponse, StreamCard } from '../../src/shared/streams-api';
import { Browser, get, ok } from './helpers';
import { file, jpeg, png, svgWithScript } from './upload-fixtures';
import { clearWatchTables, creatorWithChannel, insertStream, json, signedIn } from './watch-fixtures';

// The channel profile: the creator edits name, description, images and links; the channel
// page shows them; live-board-check and the recordings list the channel page pages through.

beforeEach(clearWatchTables);

function profileForm(fields: Record<string, string>, images: Record<string, File> = {}): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, v] of Object.entries(images)) form.append(k, v);
  return form;
}

const putProfile = (b: Browser, form: FormData) => b.fetch('/api/my/channel/profile', { method: 'PUT', body: form });

/** The channel as it is before its creator edits the profile. */
const unedited = { title: '원래 이름' };

describe('the channel profile', () => {
  it('the creator saves name, description, images and links; the channel page shows them', async () => {
    const { creator, channel } = await creatorWithChannel(unedited);
    const links = JSON.stringify([{ label: '유튜브', url: 'https://youtube.com/@me' }]);
    const saved = await ok<ChannelProfile>(
      await putProfile(creator.browser, profileForm({ name: '새 이름', description: '소개글', links }, { profileImage: file(png(200, 200), 'me.png'), banner: file(jpeg(1600, 400), 'banner.jpg') })),
    );
    expect(saved).toMatchObject({ channelId: channel.id, name: '새 이름', description: '소개글', links: [{ label: '유튜브', url: 'https://youtube.com/@me' }] });
    expect(saved.profileImage).toMatchObject({ contentType: 'image/png', width: 200, height: 200 });
    expect(saved.banner).toMatchObject({ contentType: 'image/jpeg', width: 1600, height: 400 });
    expect(await ok<ChannelProfile>(await creator.browser.fetch('/api/my/channel/profile'))).toEqual(saved);

    const page = await ok<ChannelPageResponse>(await get(`/api/channels/${channel.id}/channel-page`));
    expect(page.channel).toMatchObject({ title: '새 이름', description: '소개글', profileImageUrl: saved.profileImage!.url, bannerUrl: saved.banner!.url, links: saved.links });
    expect((await get(saved.banner!.url)).headers.get('content-type')).toBe('image/jpeg');

    // A new profile image replaces the old one (no longer served); removeBanner clears the banner.
    const again = await ok<ChannelProfile>(
      await putProfile(creator.browser, profileForm({ name: '새 이름', description: '', removeBanner: 'true' }, { profileImage: file(png(100, 100), 'me2.png') })),
    );
    expect(again).toMatchObject({ banner: null, links: [], description: '' });
    expect(again.profileImage!.key).not.toBe(saved.profileImage!.key);
    expect((await get(saved.profileImage!.url)).status).toBe(404);
    expect((await get(saved.banner!.url)).status).toBe(404);
  });

  it('refuses bad links, SVG, pixel floods and empty names, and changes nothing', async () => {
    const { creator } = await creatorWithChannel(unedited);
    const before = await ok<ChannelProfile>(await creator.browser.fetch('/api/my/channel/profile'));
    const cases: Array<[FormData, number, string]> = [
      [profileForm({ name: '이름', description: '', links: JSON.stringify([{ label: 'x', url: 'javascript:alert(1)' }]) }), 400, 'BAD_LINKS'],
      [profileForm({ name: '이름', description: '', links: 'not json' }), 400, 'BAD_LINKS'],
      [profileForm({ name: '이름', description: '', links: JSON.stringify(Array.from({ length: 6 }, (_, i) => ({ label: `l${i}`, url: 'https://a.example' }))) }), 400, 'BAD_LINKS'],
      [profileForm({ name: '이름', description: '' }, { profileImage: file(svgWithScript(), 'me.svg', 'image/svg+xml') }), 415, 'UPLOAD_SVG'],
      [profileForm({ name: '이름', description: '' }, { banner: file(png(20_000, 20_000), 'flood.png') }), 413, 'UPLOAD_DIMENSIONS'],
      [profileForm({ name: '  ', description: '' }), 400, 'BAD_REQUEST'],
    ];
    for (const [form, status, code] of cases) {
      const res = await putProfile(creator.browser, form);
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(code);
    }
    expect(await ok<ChannelProfile>(await creator.browser.fetch('/api/my/channel/profile'))).toEqual(before);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM uploads WHERE owner_id = ?').bind(creator.id).first<{ n: number }>())!.n).toBe(0);
  });

  it('a member without a channel has no profile; a guest is asked to sign in', async () => {
    const member = await signedIn();
    expect((await member.browser.fetch('/api/my/channel/profile')).status).toBe(404);
    expect((await putProfile(member.browser, profileForm({ name: '이름', description: '' }))).status).toBe(404);
    const guest = new Browser();
    await guest.open('/');
    expect((await guest.fetch('/api/my/channel/profile')).status).toBe(401);
  });
});

describe('POST /v4/api/lives/live-board-check', () => {
  it("answers whether the creator is live and their notices' state", async () => {
    const { creator, channel } = await creatorWithChannel(unedited);
    const guest = new Browser();
    const check = async () => ok<LiveBoardCheckResponse>(await guest.json('/v4/api/lives/live-board-check', { userId: creator.loginId, platform: 'PC', option: '' }));
    expect(await check()).toEqual({ channelId: channel.id, live: false, streamId: null, noticeCount: 0, latestNoticeAt: null, pinnedNoticeId: null });
    const streamId = await insertStream(channel.id);
    const notice = await ok<{ noticeId: number }>(
      await creator.browser.fetch('/api/my/channel-notice', {
        method: 'POST',
        body: profileForm({ title: '공지', body: '본문', pinned: 'true' }),
      }),
    );
    expect(await check()).toMatchObject({ live: true, streamId, noticeCount: 1, pinnedNoticeId: notice.noticeId, latestNoticeAt: expect.any(Number) });
    expect((await guest.json('/v4/api/lives/live-board-check', { userId: 'nobody_here_1' })).status).toBe(404);
  });
});

describe('GET /api/my/stream/recorded-stream-list (the recordings tab)', () => {
  it('pages 2 at a time, newest first', async () => {
    const { channel } = await creatorWithChannel(unedited);
    const now = Date.now();
    for (let i = 0; i < 5; i++) await insertStream(channel.id, { kind: 2, title: `녹화 ${i}`, startedAt: now - (10 - i) * 3_600_000 });
    const page = async (offset: number) => json<ListResponse<StreamCard>>(await get(`/api/my/stream/recorded-stream-list?channelId=${channel.id}&offset=${offset}`));
    const first = await page(0);
    expect(first).toMatchObject({ offset: 0, limit: 2, total: 5 });
    expect(first.items.map((s) => s.title)).toEqual(['녹화 4', '녹화 3']);
    expect((await page(4)).items.map((s) => s.title)).toEqual(['녹화 0']);
  });
});
