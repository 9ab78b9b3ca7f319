import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BoardCommentList, BoardList, BoardPost, BoardSetting, NewBoardResponse } from '../../src/shared/board-schemas';
import { Browser, formWithImages, get, ok, refusalCode } from './helpers';
import { file, jpeg, png, svgWithScript } from './upload-fixtures';
import { channelWithManager, clearWatchTables, insertChannel, signedIn } from './watch-fixtures';

// The channel board through the real proxy: members post as the board's setting allows, comment,
// reply and like; authors change their own words; the creator and the managers they assigned in chat
// delete anything and pin; nobody else changes anything; nothing a member writes can run script.

beforeEach(clearWatchTables);

/** A creator's channel, a manager the creator assigned in the channel's chat room, and a fan. */
async function boardChannel() {
  const { creator, manager, channel } = await channelWithManager();
  return { creator, manager, fan: await signedIn(), channel };
}

const write = (b: Browser, channelId: number, fields: Record<string, string | number | undefined>, images: File[] = []) =>
  b.fetch('/api/cs/board-write', { method: 'POST', body: formWithImages({ channelId, category: 'free', ...fields }, images) });
const update = (b: Browser, boardId: number, fields: Record<string, string | number | undefined>, images: File[] = []) =>
  b.fetch('/api/cs/board-update', { method: 'PUT', body: formWithImages({ boardId, category: 'free', ...fields }, images) });
const remove = (b: Browser, boardId: number) => b.fetch(`/api/cs/board-delete/${boardId}`, { method: 'DELETE' });
const pin = (b: Browser, channelId: number, boardId: number, query = '') => b.fetch(`/api/cs/board-important/${channelId}/${boardId}${query}`, { method: 'PUT' });
const like = (b: Browser, boardId: number | string) => b.json('/api/cs/board-like', { boardId });
const comment = (b: Browser, boardId: number, content: string, parentId?: number) => b.json('/api/cs/board-comment', { boardId, content, ...(parentId ? { parentId } : {}) });

const detail = (channelId: number, boardId: number, b?: Browser) =>
  b ? b.fetch(`/api/cs/board-detail?channelId=${channelId}&boardId=${boardId}`) : get(`/api/cs/board-detail?channelId=${channelId}&boardId=${boardId}`);
const list = (channelId: number, query = '', b?: Browser) => (b ? b.fetch(`/api/cs/board-list?channelId=${channelId}${query}`) : get(`/api/cs/board-list?channelId=${channelId}${query}`));

/** Everything the board holds, row by row: what must not change when a call is refused. */
async function snapshot() {
  const all = async (sql: string) => (await env.DB.prepare(sql).all()).results;
  return {
    posts: await all('SELECT id, title, body, category, important, updated_at FROM board_posts ORDER BY id'),
    images: await all('SELECT * FROM board_post_images ORDER BY post_id, position'),
    comments: await all('SELECT id, body, updated_at FROM board_comments ORDER BY id'),
    likes: await all('SELECT post_id, member_id FROM board_likes ORDER BY post_id, member_id'),
    settings: await all('SELECT * FROM board_settings'),
    uploads: (await all('SELECT COUNT(*) AS n FROM uploads'))[0],
  };
}

describe('posting on a board', () => {
  it('a fan posts with images; everyone reads the list and the post; the author alone edits; deleting takes the images along', async () => {
    const { fan, channel } = await boardChannel();
    const post = await ok<BoardPost>(
      await write(fan.browser, channel.id, { category: 'fanart', title: '팬아트 올려요', body: '그렸어요\n\n봐주세요' }, [file(jpeg(640, 360), 'a.jpg'), file(png(32, 32), 'b.png')]),
    );
    expect(post).toMatchObject({
      channelId: channel.id,
      category: 'fanart',
      title: '팬아트 올려요',
      body: '<p>그렸어요</p><p>봐주세요</p>',
      author: { loginId: fan.loginId },
      pinned: false,
      likeCount: 0,
      commentCount: 0,
      imageCount: 2,
      canEdit: true,
      canDelete: true,
      canPin: false,
    });
    expect(post.images.map((i) => [i.contentType, i.width, i.height])).toEqual([
      ['image/jpeg', 640, 360],
      ['image/png', 32, 32],
    ]);
    const image = await get(post.images[0]!.url);
    expect(image.headers.get('content-type')).toBe('image/jpeg');

    // A guest reads it; what they may do is nothing.
    const asGuest = await ok<BoardPost>(await detail(channel.id, post.boardId));
    expect(asGuest).toMatchObject({ boardId: post.boardId, liked: false, canEdit: false, canDelete: false, canPin: false });
    const listed = await ok<BoardList>(await list(channel.id));
    expect(listed).toMatchObject({ channelId: channel.id, category: null, offset: 0, limit: 20, total: 1, canWrite: false });
    expect(listed.items[0]).toMatchObject({ boardId: post.boardId, title: '팬아트 올려요', imageCount: 2 });
    // Through another channel's id the post is not there.
    const other = await insertChannel();
    expect(await refusalCode(await detail(other.id, post.boardId), 404)).toBe('BOARD_NOT_FOUND');

    const [a, b] = post.images;
    const edited = await ok<BoardPost>(
      await update(fan.browser, post.boardId, { category: 'question', title: '고친 제목', body: '고친 <b>본문</b>', keepImages: b!.key }, [file(jpeg(30, 30), 'c.jpg')]),
    );
    expect(edited).toMatchObject({ category: 'question', title: '고친 제목', body: '고친 <b>본문</b>' });
    expect(edited.images.map((i) => i.width)).toEqual([32, 30]);
    expect((await get(a!.url)).status).toBe(404);

    expect(await ok(await remove(fan.browser, post.boardId))).toEqual({ boardId: post.boardId, deleted: true });
    for (const i of edited.images) expect((await get(i.url)).status).toBe(404);
    expect(await refusalCode(await detail(channel.id, post.boardId), 404)).toBe('BOARD_NOT_FOUND');
  });

  it('nothing a member writes can run script: the stored body keeps only safe markup', async () => {
    const { fan, channel } = await boardChannel();
    const hostile = [
      '<a href="https://example.com" onclick="x()">site</a>',
      '<p>안녕<script>alert(1)</script></p>',
      '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
      '<p onclick="steal()" onmouseover="steal()">클릭</p>',
      '<img src=x onerror=alert(1)>',
      '<a href="javascript:alert(1)">js</a>',
      '<a href="JaVaScRiPt&#58;alert(1)">entity</a>',
      '<a href="&#106;avascript:alert(1)">encoded</a>',
      '<a href="data:text/html,<script>alert(1)</script>">data</a>',
      '<svg onload=alert(1)><circle r="1"/></svg>',
      '<svg><script>alert(1)</script></svg>',
      '<p style="background:url(javascript:alert(1));width:expression(alert(1))">style</p>',
      '<style>body{background:url("javascript:alert(1)")}</style>',
      '<iframe src="https://evil.example"></iframe><object data="x.swf"></object><embed src="x.swf">',
      '<form action="https://evil.example"><button formaction="javascript:alert(1)">go</button></form>',
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    ].join('\n');
    const post = await ok<BoardPost>(await write(fan.browser, channel.id, { title: '<script>alert(1)</script>', body: hostile }));
    const body = post.body.toLowerCase();
    for (const bad of [
      '<script',
      '<svg',
      '<style',
      '<iframe',
      '<object',
      '<embed',
      '<form',
      '<button',
      '<meta',
      '<img',
      '<math',
      'javascript',
      'data:',
      'onerror',
      'onload',
      'onclick',
      'onmouseover',
      'style=',
      'expression',
      'formaction',
    ]) {
      expect(body, bad).not.toContain(bad);
    }
    expect(post.body).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow ugc" target="_blank">site</a>');
    // Titles and comments are text: kept as written, rendered as text (never as markup).
    expect(post.title).toBe('<script>alert(1)</script>');
    // Only markup and no words: refused.
    expect(await refusalCode(await write(fan.browser, channel.id, { title: '빈 글', body: '<script>alert(1)</script><p> </p>' }), 400)).toBe('BOARD_EMPTY');
  });

  it('lists by category, finds words in titles, text or authors, and pages', async () => {
    const { creator, fan, channel } = await boardChannel();
    const titles: string[] = [];
    for (let i = 0; i < 5; i++) {
      const title = `글 ${i} ${i % 2 ? '질문있어요' : '수다'}`;
      titles.push(title);
      await ok(await write(fan.browser, channel.id, { category: i % 2 ? 'question' : 'free', title, body: i === 4 ? '100% 특별한_단어 본문' : `본문 ${i}` }));
    }
    await ok(await write(creator.browser, channel.id, { category: 'review', title: '크리에이터 후기', body: '감사합니다' }));
    const page1 = await ok<BoardList>(await list(channel.id, '&limit=4'));
    expect(page1).toMatchObject({ total: 6, limit: 4 });
    expect(page1.items.map((p) => p.title)).toEqual(['크리에이터 후기', titles[4], titles[3], titles[2]]);
    const page2 = await ok<BoardList>(await list(channel.id, '&limit=4&offset=4'));
    expect(page2.items.map((p) => p.title)).toEqual([titles[1], titles[0]]);
    const questions = await ok<BoardList>(await list(channel.id, '&category=question'));
    expect(questions).toMatchObject({ category: 'question', total: 2 });
    expect(questions.items.every((p) => p.category === 'question')).toBe(true);
    expect((await ok<BoardList>(await list(channel.id, '&category=all'))).total).toBe(6);
    // Search: title and text by default; % and _ are words, not wildcards.
    expect((await ok<BoardList>(await list(channel.id, `&search=${encodeURIComponent('100% 특별한_단어')}`))).items.map((p) => p.title)).toEqual([titles[4]]);
    expect((await ok<BoardList>(await list(channel.id, `&search=${encodeURIComponent('%')}&filter=title`))).total).toBe(0);
    expect((await ok<BoardList>(await list(channel.id, `&search=${encodeURIComponent('질문')}&filter=title`))).total).toBe(2);
    expect((await ok<BoardList>(await list(channel.id, `&search=${encodeURIComponent('질문')}&filter=content`))).total).toBe(0);
    expect((await ok<BoardList>(await list(channel.id, `&search=${creator.loginId}&filter=author`))).items.map((p) => p.title)).toEqual(['크리에이터 후기']);
    expect((await ok<BoardList>(await list(channel.id, `&search=${encodeURIComponent('질문')}&category=free`))).total).toBe(0);
    for (const q of ['&category=news', '&filter=everything', '&limit=0', '&offset=-1', `&search=${'x'.repeat(51)}`]) expect(await refusalCode(await list(channel.id, q), 400)).toBe('BAD_REQUEST');
    expect(await refusalCode(await list(999999), 404)).toBe('CHANNEL_NOT_FOUND');
  });

  it('the creator and a manager pin posts, which lead the list; nobody else may', async () => {
    const { creator, manager, fan, channel } = await boardChannel();
    const first = await ok<BoardPost>(await write(fan.browser, channel.id, { title: '첫 글', body: '1' }));
    const second = await ok<BoardPost>(await write(fan.browser, channel.id, { title: '둘째 글', body: '2' }));
    expect(await ok(await pin(creator.browser, channel.id, first.boardId))).toEqual({ channelId: channel.id, boardId: first.boardId, pinned: true });
    let listed = await ok<BoardList>(await list(channel.id));
    expect(listed.items.map((p) => [p.boardId, p.pinned])).toEqual([
      [first.boardId, true],
      [second.boardId, false],
    ]);
    expect((await ok<BoardPost>(await detail(channel.id, first.boardId, manager.browser))).canPin).toBe(true);
    // The toggle, and the explicit form (idempotent).
    expect(await ok(await pin(manager.browser, channel.id, first.boardId))).toMatchObject({ pinned: false });
    expect(await ok(await pin(manager.browser, channel.id, second.boardId, '?important=true'))).toMatchObject({ pinned: true });
    expect(await ok(await pin(manager.browser, channel.id, second.boardId, '?important=true'))).toMatchObject({ pinned: true });
    listed = await ok<BoardList>(await list(channel.id));
    expect(listed.items.map((p) => p.boardId)).toEqual([second.boardId, first.boardId]);
    expect(await refusalCode(await pin(creator.browser, channel.id, 999999), 404)).toBe('BOARD_NOT_FOUND');
    expect(await refusalCode(await pin(creator.browser, channel.id, first.boardId, '?important=maybe'), 400)).toBe('BAD_REQUEST');
  });
});

describe('likes and comments', () => {
  it('members like and take it back; the count and the likers follow; a double tap at once stays exact', async () => {
    const { creator, fan, channel } = await boardChannel();
    const post = await ok<BoardPost>(await write(creator.browser, channel.id, { title: '좋아요 해주세요', body: '본문' }));
    expect(await ok(await like(fan.browser, post.boardId))).toEqual({ boardId: post.boardId, liked: true, likeCount: 1 });
    expect(await ok(await like(creator.browser, String(post.boardId)))).toEqual({ boardId: post.boardId, liked: true, likeCount: 2 });
    expect(await ok(await get(`/api/cs/board-likeCount/${post.boardId}`))).toEqual({ boardId: post.boardId, likeCount: 2 });
    const users = await ok<{ liked: boolean; users: { loginId: string }[] }>(await fan.browser.fetch(`/api/cs/board-like-User/${post.boardId}`));
    expect(users.liked).toBe(true);
    expect(users.users.map((u) => u.loginId).sort()).toEqual([creator.loginId, fan.loginId].sort());
    expect(await ok(await get(`/api/cs/board-like-User/${post.boardId}`))).toMatchObject({ liked: false, likeCount: 2 });
    expect(await ok(await like(fan.browser, post.boardId))).toEqual({ boardId: post.boardId, liked: false, likeCount: 1 });
    expect((await ok<BoardPost>(await detail(channel.id, post.boardId, fan.browser))).liked).toBe(false);

    // Two taps at once: each toggles once, so the member ends where they started, and the count matches the rows.
    const taps = await Promise.all([like(fan.browser, post.boardId), like(fan.browser, post.boardId)]);
    const answers = await Promise.all(taps.map((r) => ok<{ liked: boolean }>(r)));
    expect(answers.map((a) => a.liked).sort()).toEqual([false, true]);
    const rows = (await env.DB.prepare('SELECT COUNT(*) AS n FROM board_likes WHERE post_id = ?').bind(post.boardId).first<{ n: number }>())!.n;
    expect(rows).toBe(1);
    expect(await ok(await get(`/api/cs/board-likeCount/${post.boardId}`))).toEqual({ boardId: post.boardId, likeCount: 1 });

    const guest = new Browser();
    expect((await like(guest, post.boardId)).status).toBe(401);
    expect(await refusalCode(await like(fan.browser, 999999), 404)).toBe('BOARD_NOT_FOUND');
    expect(await refusalCode(await like(fan.browser, 'abc'), 400)).toBe('BAD_REQUEST');
  });

  it('comments carry their replies; a reply answers only a comment of the same post; authors edit, moderators delete', async () => {
    const { creator, manager, fan, channel } = await boardChannel();
    const post = await ok<BoardPost>(await write(fan.browser, channel.id, { title: '댓글 달아주세요', body: '본문' }));
    const otherPost = await ok<BoardPost>(await write(fan.browser, channel.id, { title: '다른 글', body: '본문' }));
    const first = await ok<{ commentId: number }>(await comment(creator.browser, post.boardId, '<b>반가워요</b>'));
    const reply = await ok<{ commentId: number; parentId: number }>(await comment(fan.browser, post.boardId, '감사합니다', first.commentId));
    expect(reply.parentId).toBe(first.commentId);
    const second = await ok<{ commentId: number }>(await comment(manager.browser, post.boardId, '둘째 댓글'));
    expect(await refusalCode(await comment(fan.browser, post.boardId, '답글의 답글', reply.commentId), 400)).toBe('BOARD_BAD_PARENT');
    expect(await refusalCode(await comment(fan.browser, otherPost.boardId, '다른 글의 댓글에', first.commentId), 400)).toBe('BOARD_BAD_PARENT');
    expect(await refusalCode(await comment(fan.browser, post.boardId, '   '), 400)).toBe('BAD_REQUEST');
    expect(await refusalCode(await comment(fan.browser, post.boardId, 'x'.repeat(1001)), 400)).toBe('BAD_REQUEST');

    const thread = await ok<BoardCommentList>(await fan.browser.fetch(`/api/cs/board-comment?channelId=${channel.id}&boardId=${post.boardId}`));
    expect(thread).toMatchObject({ boardId: post.boardId, commentId: null, total: 2, canComment: true });
    expect(thread.items.map((c) => [c.body, c.replyCount, c.replies.map((r) => r.body), c.canEdit, c.canDelete])).toEqual([
      ['<b>반가워요</b>', 1, ['감사합니다'], false, false],
      ['둘째 댓글', 0, [], false, false],
    ]);
    expect(thread.items[0]!.replies[0]).toMatchObject({ canEdit: true, canDelete: true });
    const replies = await ok<BoardCommentList>(await get(`/api/cs/board-comment?boardId=${post.boardId}&commentId=${first.commentId}`));
    expect(replies).toMatchObject({ commentId: first.commentId, total: 1, canComment: false });
    expect((await ok<BoardPost>(await detail(channel.id, post.boardId))).commentCount).toBe(3);
    expect(await refusalCode(await get(`/api/cs/board-comment?channelId=${channel.id}&boardId=${otherPost.boardId}&commentId=${first.commentId}`), 404)).toBe('BOARD_COMMENT_NOT_FOUND');

    // The author edits; nobody else, not even the creator.
    expect(await ok(await fan.browser.json('/api/cs/board-comment', { commentId: reply.commentId, content: '정말 감사합니다' }, 'PUT'))).toMatchObject({ body: '정말 감사합니다' });
    expect(await refusalCode(await creator.browser.json('/api/cs/board-comment', { commentId: reply.commentId, content: '바꿈' }, 'PUT'), 403)).toBe('BOARD_NOT_AUTHOR');
    // The manager deletes the creator's comment, and its reply goes with it; the author deletes their own.
    expect(await ok(await manager.browser.fetch(`/api/cs/board-comment/${first.commentId}`, { method: 'DELETE' }))).toEqual({ commentId: first.commentId, deleted: true, removedReplies: 1 });
    expect(await ok(await manager.browser.fetch(`/api/cs/board-comment/${second.commentId}`, { method: 'DELETE' }))).toMatchObject({ deleted: true, removedReplies: 0 });
    expect((await ok<BoardCommentList>(await get(`/api/cs/board-comment?boardId=${post.boardId}`))).total).toBe(0);
    // Deleting the post takes its comments and likes.
    await ok(await comment(fan.browser, post.boardId, '마지막 댓글'));
    await ok(await like(creator.browser, post.boardId));
    await ok(await remove(manager.browser, post.boardId));
    const left = await env.DB.prepare('SELECT (SELECT COUNT(*) FROM board_comments WHERE post_id = ?1) AS c, (SELECT COUNT(*) FROM board_likes WHERE post_id = ?1) AS l').bind(post.boardId).first();
    expect(left).toEqual({ c: 0, l: 0 });
  });
});

describe("nobody else changes a board's posts and comments", () => {
  it('not another member, not another channel’s manager or creator, not a guest; nothing changes', async () => {
    const { creator, fan, channel } = await boardChannel();
    const post = await ok<BoardPost>(await write(fan.browser, channel.id, { title: '원래 제목', body: '원래 본문' }, [file(png(10, 10), 'a.png')]));
    const note = await ok<{ commentId: number }>(await comment(fan.browser, post.boardId, '원래 댓글'));
    const other = await boardChannel(); // another creator's channel, with its own manager and fan
    const stranger = await signedIn();
    const before = await snapshot();

    for (const who of [stranger, other.manager, other.creator, other.fan]) {
      expect(await refusalCode(await update(who.browser, post.boardId, { title: '바꿈', body: '바꿈' }, [file(png(5, 5), 'x.png')]), 403)).toBe('BOARD_NOT_AUTHOR');
      expect(await refusalCode(await remove(who.browser, post.boardId), 403)).toBe('NOT_CHANNEL_STAFF');
      expect(await refusalCode(await pin(who.browser, channel.id, post.boardId), 403)).toBe('NOT_CHANNEL_STAFF');
      expect(await refusalCode(await who.browser.json('/api/cs/board-comment', { commentId: note.commentId, content: '바꿈' }, 'PUT'), 403)).toBe('BOARD_NOT_AUTHOR');
      expect(await refusalCode(await who.browser.fetch(`/api/cs/board-comment/${note.commentId}`, { method: 'DELETE' }), 403)).toBe('NOT_CHANNEL_STAFF');
      const seen = await ok<BoardPost>(await detail(channel.id, post.boardId, who.browser));
      expect(seen).toMatchObject({ canEdit: false, canDelete: false, canPin: false });
    }
    // Through the channel they do run, the post is not theirs to pin.
    expect(await refusalCode(await pin(other.creator.browser, other.channel.id, post.boardId), 404)).toBe('BOARD_NOT_FOUND');
    // The channel's own creator moderates but does not put words in the author's mouth.
    expect(await refusalCode(await update(creator.browser, post.boardId, { title: '바꿈', body: '바꿈' }), 403)).toBe('BOARD_NOT_AUTHOR');

    const guest = new Browser();
    await guest.open('/');
    expect((await write(guest, channel.id, { title: '손님', body: '본문' })).status).toBe(401);
    expect((await update(guest, post.boardId, { title: '손님', body: '본문' })).status).toBe(401);
    expect((await remove(guest, post.boardId)).status).toBe(401);
    expect((await pin(guest, channel.id, post.boardId)).status).toBe(401);
    expect((await comment(guest, post.boardId, '손님 댓글')).status).toBe(401);
    expect((await guest.json('/api/cs/board-comment', { commentId: note.commentId, content: '손님' }, 'PUT')).status).toBe(401);
    expect((await guest.fetch(`/api/cs/board-comment/${note.commentId}`, { method: 'DELETE' })).status).toBe(401);
    // Without the XSRF header the site refuses before the API hears of it.
    expect((await fan.browser.fetch(`/api/cs/board-delete/${post.boardId}`, { method: 'DELETE', xsrf: false })).status).toBe(403);

    expect(await snapshot()).toEqual(before);
  });

  it('hostile uploads through board-write are refused, and nothing is written', async () => {
    const { fan, channel } = await boardChannel();
    const before = await snapshot();
    expect(await refusalCode(await write(fan.browser, channel.id, { title: '공격', body: '본문' }, [file(png(10, 10), 'ok.png'), file(svgWithScript(), 'x.svg', 'image/svg+xml')]), 415)).toBe(
      'UPLOAD_SVG',
    );
    expect(await refusalCode(await write(fan.browser, channel.id, { title: '공격', body: '본문' }, [file(png(20_000, 20_000), 'flood.png')]), 413)).toBe('UPLOAD_DIMENSIONS');
    const five = Array.from({ length: 5 }, (_, i) => file(png(4, 4), `${i}.png`));
    expect(await refusalCode(await write(fan.browser, channel.id, { title: '공격', body: '본문' }, five), 400)).toBe('TOO_MANY_IMAGES');
    expect(await refusalCode(await write(fan.browser, channel.id, { title: '공격', body: '본문', category: 'news' }), 400)).toBe('BAD_REQUEST');
    expect(await snapshot()).toEqual(before);
  });
});

describe('who may write, and what is new', () => {
  it('the creator sets the board to subscribers, then to managers; the check says who may and why not', async () => {
    const { creator, manager, fan, channel } = await boardChannel();
    const setting = (b?: Browser) => (b ? b.fetch(`/api/cs/board-setting-check?channelId=${channel.id}`) : get(`/api/cs/board-setting-check?channelId=${channel.id}`));
    expect(await ok<BoardSetting>(await setting())).toEqual({ channelId: channel.id, writePermission: 'everyone', canWrite: false, canModerate: false, canConfigure: false, reason: 'login' });
    expect(await ok<BoardSetting>(await setting(fan.browser))).toMatchObject({ canWrite: true, reason: null });
    expect(await ok<BoardSetting>(await setting(creator.browser))).toMatchObject({ canWrite: true, canModerate: true, canConfigure: true });

    expect(await ok<BoardSetting>(await creator.browser.json('/api/my/channel/board-setting', { writePermission: 'subscribers' }, 'PUT'))).toMatchObject({ writePermission: 'subscribers' });
    expect(await ok<BoardSetting>(await setting(fan.browser))).toMatchObject({ writePermission: 'subscribers', canWrite: false, reason: 'subscribers' });
    expect(await refusalCode(await write(fan.browser, channel.id, { title: '구독 전', body: '본문' }), 403)).toBe('BOARD_SUBSCRIBERS_ONLY');
    await env.DB.prepare('INSERT INTO channel_subscriptions (member_id, channel_id, status, started_at) VALUES (?, ?, 1, 0)').bind(fan.id, channel.id).run();
    expect(await ok<BoardSetting>(await setting(fan.browser))).toMatchObject({ canWrite: true, reason: null });
    await ok(await write(fan.browser, channel.id, { title: '구독 후', body: '본문' }));

    expect(await ok(await creator.browser.json('/api/my/channel/board-setting', { writePermission: 'managers' }, 'PUT'))).toMatchObject({ writePermission: 'managers' });
    expect(await refusalCode(await write(fan.browser, channel.id, { title: '구독자', body: '본문' }), 403)).toBe('BOARD_MANAGERS_ONLY');
    expect((await ok<BoardList>(await list(channel.id, '', fan.browser))).canWrite).toBe(false);
    await ok(await write(manager.browser, channel.id, { title: '매니저 글', body: '본문' }));
    await ok(await write(creator.browser, channel.id, { title: '크리에이터 글', body: '본문' }));

    // Only a creator sets it, and only on their own channel; a bad value changes nothing.
    expect(await refusalCode(await fan.browser.json('/api/my/channel/board-setting', { writePermission: 'everyone' }, 'PUT'), 404)).toBe('NO_CHANNEL');
    expect(await refusalCode(await creator.browser.json('/api/my/channel/board-setting', { writePermission: 'nobody' }, 'PUT'), 400)).toBe('BAD_REQUEST');
    expect(await ok<BoardSetting>(await setting())).toMatchObject({ writePermission: 'managers' });
  });

  it("find-new-board: a member's new posts are those after their last visit to the board, never their own", async () => {
    const { creator, fan, channel } = await boardChannel();
    const newBoard = (b: Browser, q = '') => b.fetch(`/api/guest/find-new-board?channelId=${channel.id}${q}`);
    const old = Date.now() - 2 * 86_400_000;
    await env.DB.prepare("INSERT INTO board_posts (channel_id, author_id, category, title, body, body_text, created_at, updated_at) VALUES (?, ?, 'free', '오래된 글', '<p>x</p>', 'x', ?, ?)")
      .bind(channel.id, creator.id, old, old)
      .run();
    // Never visited: the last day counts, so the old post is not new.
    expect(await ok<NewBoardResponse>(await newBoard(fan.browser))).toMatchObject({ hasNew: false, since: null, latestAt: old, boards: [] });
    const mine = await ok<BoardPost>(await write(fan.browser, channel.id, { title: '내 글', body: '본문' }));
    const theirs = await ok<BoardPost>(await write(creator.browser, channel.id, { title: '크리에이터 새 글', body: '본문' }));
    let seen = await ok<NewBoardResponse>(await newBoard(fan.browser));
    expect(seen.boards.map((b) => b.boardId)).toEqual([theirs.boardId]);
    expect((await ok<NewBoardResponse>(await newBoard(creator.browser))).boards.map((b) => b.boardId)).toEqual([mine.boardId]);
    // The fan opens the board: nothing is new to them any more, until the creator writes again.
    await ok(await list(channel.id, '', fan.browser));
    expect(await ok<NewBoardResponse>(await newBoard(fan.browser))).toMatchObject({ hasNew: false, boards: [] });
    const next = await ok<BoardPost>(await write(creator.browser, channel.id, { title: '또 새 글', body: '본문' }));
    seen = await ok<NewBoardResponse>(await fan.browser.fetch('/api/guest/find-new-board'));
    expect(seen).toMatchObject({ channelId: null, hasNew: true, since: null });
    expect(seen.boards.map((b) => b.boardId)).toEqual([next.boardId]);
    // An explicit since wins over the visit.
    expect((await ok<NewBoardResponse>(await newBoard(fan.browser, `&since=${old - 1}`))).boards.map((b) => b.boardId)).toEqual([next.boardId, theirs.boardId, expect.any(Number)]);
  });
});
