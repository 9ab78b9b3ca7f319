import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiApp } from '../../src/api/app';
import type { ChannelNotice, ChannelNoticeList } from '../../src/shared/channel-schemas';
import type { ChannelPageResponse } from '../../src/shared/streams-api';
import { UPLOAD_KEY_PATTERN } from '../../src/shared/uploads';
import { Browser, formWithImages, get, ok, refusalCode } from './helpers';
import { file, jpeg, png, polyglotJpeg, svgWithScript } from './upload-fixtures';
import { channelWithManager, clearWatchTables, json, signedIn } from './watch-fixtures';

// Channel notices through the real proxy: the creator and the managers they assigned in chat
// write, everyone reads; nobody else changes anything; uploads go through the upload module.

beforeEach(clearWatchTables);

const post = (b: Browser, form: FormData) => b.fetch('/api/my/channel-notice', { method: 'POST', body: form });
const put = (b: Browser, form: FormData) => b.fetch('/api/my/channel-notice', { method: 'PUT', body: form });
const del = (b: Browser, channelId: number, noticeId: number) => b.fetch(`/api/my/${channelId}/channel-notice/${noticeId}`, { method: 'DELETE' });

const counts = async () => {
  const n = async (sql: string) => (await env.DB.prepare(sql).first<{ n: number }>())!.n;
  return { notices: await n('SELECT COUNT(*) AS n FROM channel_notices'), images: await n('SELECT COUNT(*) AS n FROM channel_notice_images'), uploads: await n('SELECT COUNT(*) AS n FROM uploads') };
};

describe('writing notices', () => {
  it('the creator posts a notice with images; its rich text is sanitized; everyone reads it, images served as images', async () => {
    const { creator, channel } = await channelWithManager();
    const body =
      '<p onclick="steal()">Hello <b>fans</b><script>alert(1)</script> <a href="javascript:alert(1)">bad</a> <a href="https://example.com">site</a></p><img src=x onerror=alert(1)><iframe src="https://evil"></iframe>';
    const notice = await ok<ChannelNotice>(
      await post(creator.browser, formWithImages({ title: '첫 공지', body, pinned: true }, [file(jpeg(640, 360), 'a.jpg', 'image/jpeg'), file(png(32, 32), 'b.png', 'image/png')])),
    );
    expect(notice).toMatchObject({ channelId: channel.id, title: '첫 공지', pinned: true, author: { loginId: creator.loginId } });
    expect(notice.body).toBe(
      '<p>Hello <b>fans</b> <a rel="noopener noreferrer nofollow ugc" target="_blank">bad</a> <a href="https://example.com" rel="noopener noreferrer nofollow ugc" target="_blank">site</a></p>',
    );
    expect(notice.images.map((i) => [i.contentType, i.width, i.height])).toEqual([
      ['image/jpeg', 640, 360],
      ['image/png', 32, 32],
    ]);

    // A guest reads the list, the notice and its images; the channel page shows the pinned notice.
    const list = await ok<ChannelNoticeList>(await get(`/api/channels/${channel.id}/notices`));
    expect(list).toMatchObject({ total: 1, offset: 0, limit: 10, canWrite: false });
    expect(await ok<ChannelNoticeList>(await creator.browser.fetch(`/api/channels/${channel.id}/notices`))).toMatchObject({ canWrite: true });
    expect(list.items[0]).toEqual(notice);
    expect(await ok<ChannelNotice>(await get(`/api/channels/${channel.id}/notices/${notice.noticeId}`))).toEqual(notice);
    const image = await get(notice.images[0]!.url);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(jpeg(640, 360));
    const page = await ok<ChannelPageResponse>(await get(`/api/channels/${channel.id}/channel-page`));
    expect(page.pinnedNotice).toEqual(notice);
    expect(page.channel.noticeCount).toBe(1);
  });

  it('plain text keeps its lines; a body with no words is refused', async () => {
    const { creator } = await channelWithManager();
    const notice = await ok<ChannelNotice>(await post(creator.browser, formWithImages({ title: '줄바꿈', body: '첫 줄\n둘째 줄 <3 & 끝\n\n새 문단' })));
    expect(notice.body).toBe('<p>첫 줄<br>둘째 줄 &lt;3 &amp; 끝</p><p>새 문단</p>');
    expect(await refusalCode(await post(creator.browser, formWithImages({ title: '빈 공지', body: '<script>alert(1)</script><p> </p>' })), 400)).toBe('NOTICE_EMPTY');
    expect(await refusalCode(await post(creator.browser, formWithImages({ title: '', body: '내용' })), 400)).toBe('BAD_REQUEST');
  });

  it('pinning a notice unpins the one before; the list shows the pinned one first', async () => {
    const { creator, channel } = await channelWithManager();
    const first = await ok<ChannelNotice>(await post(creator.browser, formWithImages({ title: '하나', body: '1', pinned: true })));
    const second = await ok<ChannelNotice>(await post(creator.browser, formWithImages({ title: '둘', body: '2' })));
    let list = await ok<ChannelNoticeList>(await get(`/api/channels/${channel.id}/notices`));
    expect(list.items.map((n) => [n.noticeId, n.pinned])).toEqual([
      [first.noticeId, true],
      [second.noticeId, false],
    ]);
    await ok(await put(creator.browser, formWithImages({ noticeId: second.noticeId, title: '둘', body: '2', pinned: true })));
    list = await ok<ChannelNoticeList>(await get(`/api/channels/${channel.id}/notices`));
    expect(list.items.map((n) => [n.noticeId, n.pinned])).toEqual([
      [second.noticeId, true],
      [first.noticeId, false],
    ]);
  });

  it("the channel's manager posts, edits and deletes the channel's notices, the creator's too", async () => {
    const { creator, manager, channel } = await channelWithManager();
    const byCreator = await ok<ChannelNotice>(await post(creator.browser, formWithImages({ title: '운영자 공지', body: '본문' })));
    expect(await ok<ChannelNoticeList>(await manager.browser.fetch(`/api/channels/${channel.id}/notices`))).toMatchObject({ canWrite: true });
    const byManager = await ok<ChannelNotice>(await post(manager.browser, formWithImages({ channelId: channel.id, title: '매니저 공지', body: '본문' })));
    expect(byManager.author?.loginId).toBe(manager.loginId);
    const edited = await ok<ChannelNotice>(await put(manager.browser, formWithImages({ noticeId: byCreator.noticeId, title: '고친 제목', body: '고친 본문' })));
    expect(edited).toMatchObject({ noticeId: byCreator.noticeId, title: '고친 제목', body: '<p>고친 본문</p>' });
    expect(await ok(await del(manager.browser, channel.id, byCreator.noticeId))).toEqual({ noticeId: byCreator.noticeId, deleted: true });
    expect(await ok(await del(creator.browser, channel.id, byManager.noticeId))).toEqual({ noticeId: byManager.noticeId, deleted: true });
    expect((await counts()).notices).toBe(0);
  });

  it('an edit keeps the images named, drops the rest (no longer served) and appends new ones', async () => {
    const { creator, channel } = await channelWithManager();
    const notice = await ok<ChannelNotice>(await post(creator.browser, formWithImages({ title: '사진', body: '본문' }, [file(png(10, 10), 'a.png'), file(png(20, 20), 'b.png')])));
    const [a, b] = notice.images;
    const form = formWithImages({ noticeId: notice.noticeId, title: '사진', body: '본문', keepImages: b!.key }, [file(jpeg(30, 30), 'c.jpg')]);
    const edited = await ok<ChannelNotice>(await put(creator.browser, form));
    expect(edited.images.map((i) => i.width)).toEqual([20, 30]);
    expect(edited.images[0]!.key).toBe(b!.key);
    expect((await get(a!.url)).status).toBe(404);
    expect((await get(b!.url)).status).toBe(200);
    // Deleting the notice takes its images along.
    await ok(await del(creator.browser, channel.id, notice.noticeId));
    for (const image of edited.images) expect((await get(image.url)).status).toBe(404);
  });
});

describe("nobody else changes a channel's notices", () => {
  it('not another member, not another channel’s manager, not a guest; nothing changes', async () => {
    const { creator, channel } = await channelWithManager();
    const notice = await ok<ChannelNotice>(await post(creator.browser, formWithImages({ title: '원래 제목', body: '원래 본문', pinned: true }, [file(png(10, 10), 'a.png')])));
    const other = await channelWithManager(); // another creator's channel, with its own manager
    const stranger = await signedIn();
    const before = await counts();

    for (const who of [stranger, other.manager, other.creator]) {
      expect(await refusalCode(await post(who.browser, formWithImages({ channelId: channel.id, title: '가짜', body: '가짜' })), 403)).toBe('NOT_CHANNEL_STAFF');
      expect(await refusalCode(await put(who.browser, formWithImages({ noticeId: notice.noticeId, title: '바꿈', body: '바꿈' }, [file(png(5, 5), 'x.png')])), 403)).toBe('NOT_CHANNEL_STAFF');
      expect(await refusalCode(await del(who.browser, channel.id, notice.noticeId), 403)).toBe('NOT_CHANNEL_STAFF');
    }
    // Through a channel they do run: the notice is not in it.
    expect(await refusalCode(await del(other.creator.browser, other.channel.id, notice.noticeId), 404)).toBe('NOTICE_NOT_FOUND');
    expect(await refusalCode(await del(other.manager.browser, other.channel.id, notice.noticeId), 404)).toBe('NOTICE_NOT_FOUND');
    // A member without a channel posting "to their own": no channel.
    expect(await refusalCode(await post(stranger.browser, formWithImages({ title: '내 공지', body: '본문' })), 404)).toBe('NO_CHANNEL');

    for (const who of [stranger, other.manager, other.creator]) expect(await ok<ChannelNoticeList>(await who.browser.fetch(`/api/channels/${channel.id}/notices`))).toMatchObject({ canWrite: false });
    const guest = new Browser();
    await guest.open('/');
    expect((await post(guest, formWithImages({ channelId: channel.id, title: '손님', body: '본문' }))).status).toBe(401);
    expect((await put(guest, formWithImages({ noticeId: notice.noticeId, title: '손님', body: '본문' }))).status).toBe(401);
    expect((await del(guest, channel.id, notice.noticeId)).status).toBe(401);
    // Without the XSRF header the site refuses before the API hears of it.
    expect((await creator.browser.fetch(`/api/my/${channel.id}/channel-notice/${notice.noticeId}`, { method: 'DELETE', xsrf: false })).status).toBe(403);

    expect(await counts()).toEqual(before);
    expect(await ok<ChannelNotice>(await get(`/api/channels/${channel.id}/notices/${notice.noticeId}`))).toEqual(notice);
  });
});

describe('hostile uploads through POST /api/my/channel-notice', () => {
  it('SVG with script, a pixel flood and a fifth image are refused, and nothing is written', async () => {
    const { creator } = await channelWithManager();
    const before = await counts();
    const form = (images: File[]) => formWithImages({ title: '공격', body: '본문' }, images);
    expect(await refusalCode(await post(creator.browser, form([file(png(10, 10), 'ok.png'), file(svgWithScript(), 'x.svg', 'image/svg+xml')])), 415)).toBe('UPLOAD_SVG');
    expect(await refusalCode(await post(creator.browser, form([file(png(20_000, 20_000), 'flood.png', 'image/png')])), 413)).toBe('UPLOAD_DIMENSIONS');
    expect(await refusalCode(await post(creator.browser, form([file(jpeg(20_000, 20_000), 'flood.jpg', 'image/jpeg')])), 413)).toBe('UPLOAD_DIMENSIONS');
    const five = Array.from({ length: 5 }, (_, i) => file(png(4, 4), `${i}.png`));
    expect(await refusalCode(await post(creator.browser, form(five)), 400)).toBe('TOO_MANY_IMAGES');
    expect(await refusalCode(await post(creator.browser, form([file(new TextEncoder().encode('hello'), 'readme.png', 'image/png')])), 415)).toBe('UPLOAD_TYPE');
    expect(await counts()).toEqual(before);
  });

  it('a ../ name never reaches the key; a wrong extension and a polyglot are served as what their bytes are', async () => {
    const { creator } = await channelWithManager();
    const images = [file(png(12, 12), '../../../etc/passwd.jpg', 'image/jpeg'), file(polyglotJpeg(), '..\\..\\index.html', 'text/html')];
    const notice = await ok<ChannelNotice>(await post(creator.browser, formWithImages({ title: '이름', body: '본문' }, images)));
    expect(notice.images.map((i) => i.contentType)).toEqual(['image/png', 'image/jpeg']);
    for (const image of notice.images) {
      expect(image.key).toMatch(UPLOAD_KEY_PATTERN);
      expect(image.key).not.toContain('passwd');
      const res = await get(image.url);
      expect(res.headers.get('content-type')).toBe(image.contentType);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    }
    const stored = await env.UPLOADS.list();
    expect(stored.objects.every((o) => UPLOAD_KEY_PATTERN.test(o.key))).toBe(true);
  });

  it('the API itself (native apps at API_ORIGIN) refuses a 100 MB body by its Content-Length', async () => {
    const { loginId } = await signedIn();
    const signin = await apiApp.request('/v2/api/auth/signin', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ loginId, password: 'Passw0rd!' }) }, env);
    const token = (await json<{ access_token: string }>(signin)).access_token;
    const res = await apiApp.request(
      '/api/my/channel-notice',
      { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(100 * 1024 * 1024) }, body: 'x' },
      env,
    );
    expect(await refusalCode(res, 413)).toBe('UPLOAD_TOO_LARGE');
  });
});
