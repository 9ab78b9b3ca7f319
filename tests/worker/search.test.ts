import { env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SearchPageData } from '../../src/shared/page-props';
import type { SearchResults, SearchSuggestions } from '../../src/shared/search-schemas';
import { Browser, get, propsOf } from './helpers';
import { clearWatchTables, insertChannel, insertMember, insertStream, json, setChannelSettings, signedIn } from './watch-fixtures';

// Search (docs/product/community.md, "Search"): two characters inside a longer word are found as well as longer
// queries, the indexes follow every edit, lives come first, and only what the viewer's lists would show appears:
// adult channels while adult broadcasting is on, nothing of a barred member or of one the viewer blocked.

beforeEach(async () => {
  await clearWatchTables();
  await setChannelSettings({ broadcasting: true, adultBroadcast: true, adultPlusBroadcast: true });
});

const find = async (q: string, tab = 'all', browser?: Browser) => {
  const path = `/api/search?q=${encodeURIComponent(q)}&tab=${tab}`;
  const res = browser ? await browser.fetch(path) : await get(path);
  expect(res.status).toBe(200);
  return json<SearchResults>(res);
};
const channelIds = async (q: string, browser?: Browser) => (await find(q, 'channels', browser)).channels.items.map((c) => c.channelId);

async function notice(channelId: number, authorId: number, title: string, body = '본문') {
  const now = Date.now();
  return (await env.DB.prepare('INSERT INTO channel_notices (channel_id, author_id, title, body, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id')
    .bind(channelId, authorId, title, body, now, now)
    .first<{ id: number }>())!.id;
}
async function post(channelId: number, authorId: number, title: string, text = '본문') {
  const now = Date.now();
  return (await env.DB.prepare("INSERT INTO board_posts (channel_id, author_id, category, title, body, body_text, created_at, updated_at) VALUES (?, ?, 'free', ?, ?, ?, ?, ?) RETURNING id")
    .bind(channelId, authorId, title, `<p>${text}</p>`, text, now, now)
    .first<{ id: number }>())!.id;
}

describe('search', () => {
  it('finds two characters inside a longer word or at a text’s end (in posts, their titles), and longer words anywhere, in every kind; lives first', async () => {
    const quiet = await insertChannel({ title: '하늘의수다방' });
    const onAir = await insertChannel({ title: '게임 방송' });
    await env.DB.prepare('UPDATE channels SET description = ? WHERE id = ?').bind('퇴근길에 함께 떠는 수다', onAir.id).run();
    const other = await insertChannel({ title: '먹방' });
    const live = await insertStream(onAir.id, { title: '오늘도 수다 한 판', viewers: 12 });
    const recording = await insertStream(quiet.id, { kind: 2, title: '지난주의 수다왕 결정전' });
    const noticeId = await notice(quiet.id, quiet.ownerId, '방송 일정', '금요일은 수다 데이');
    const writer = await insertMember();
    const postId = await post(other.id, writer.id, '수다 모임 질문', '다음 모임은 언제인가요');
    const inBody = await post(other.id, writer.id, '질문 있어요', '다음 수다는 언제인가요');

    const all = await find('수다');
    expect(all.channels.items.map((c) => c.channelId)).toEqual([onAir.id, quiet.id]);
    expect(all.channels.items[0]!.live).toEqual({ streamId: live, title: '오늘도 수다 한 판', viewerCount: 12 });
    expect(all.lives.items.map((s) => s.streamId)).toEqual([live]);
    expect(all.recordings.items.map((s) => s.streamId)).toEqual([recording]);
    expect(all.notices.items).toEqual([{ noticeId, title: '방송 일정', channel: { loginId: quiet.ownerLoginId, nickname: expect.any(String) }, createdAt: expect.any(Number) }]);
    expect(all.posts.items.map((p) => p.postId)).toEqual([postId]); // two characters: posts' titles alone
    expect((await find('수다는', 'posts')).posts.items.map((p) => p.postId)).toEqual([inBody]);

    expect(await channelIds('수다방')).toEqual([quiet.id]);
    expect(await channelIds('하늘의수다')).toEqual([quiet.id]);
    expect(await channelIds(quiet.ownerLoginId.toUpperCase())).toEqual([quiet.id]);
    expect(await channelIds('없는말')).toEqual([]);
    expect(await channelIds('먹방')).toEqual([other.id]); // the whole title, two characters
    const tab = await find('수다', 'lives');
    expect([tab.lives.items.length, tab.channels.items.length, tab.lives.more]).toEqual([1, 0, false]);
  });

  it('follows every edit: a new title, a new nickname, a live that ends, a deleted post', async () => {
    const channel = await insertChannel({ title: '고양이 채널' });
    const live = await insertStream(channel.id, { title: '밤의 라디오' });
    const livesFound = async (q: string) => (await find(q, 'lives')).lives.items.map((s) => s.streamId);
    expect([await livesFound('고양이'), await livesFound('라디오')]).toEqual([[live], [live]]);
    const writer = await insertMember();
    const postId = await post(channel.id, writer.id, '고양이 사진');
    expect(await channelIds('고양이')).toEqual([channel.id]);
    await env.DB.prepare('UPDATE channels SET title = ? WHERE id = ?').bind('강아지 채널', channel.id).run();
    expect(await channelIds('고양이')).toEqual([]);
    expect(await channelIds('강아지')).toEqual([channel.id]);
    await env.DB.prepare('UPDATE members SET nickname = ? WHERE id = ?').bind('새이름닉', channel.ownerId).run();
    expect(await channelIds('새이름')).toEqual([channel.id]);
    expect([await livesFound('고양이'), await livesFound('강아지'), await livesFound('새이름')]).toEqual([[], [live], [live]]);
    await env.DB.prepare('UPDATE streams SET kind = 2, ended_at = ? WHERE id = ?').bind(Date.now(), live).run();
    expect(await livesFound('강아지')).toEqual([]);
    expect((await find('라디오', 'recordings')).recordings.items.map((s) => s.streamId)).toEqual([live]);
    expect((await find('고양이', 'posts')).posts.items.map((p) => p.postId)).toEqual([postId]);
    await env.DB.prepare('DELETE FROM board_posts WHERE id = ?').bind(postId).run();
    expect((await find('고양이', 'posts')).posts.items).toEqual([]);
  });

  it('shows adult channels only while adult broadcasting is on, password ones marked', async () => {
    const adult = await insertChannel({ title: '심야 토크 성인', adult: true });
    const locked = await insertChannel({ title: '심야 토크 비밀', password: '1234' });
    await insertStream(adult.id, { title: '심야 토크 라이브', adult: true });
    const both = await find('심야 토크');
    expect(both.channels.items.map((c) => [c.channelId, c.adult, c.hasPassword])).toEqual([
      [adult.id, true, false],
      [locked.id, false, true],
    ]);
    expect(both.lives.items.map((s) => [s.streamId > 0, s.adult, s.thumbnailUrl])).toEqual([[true, true, null]]);
    await setChannelSettings({ adultBroadcast: false });
    const plain = await find('심야 토크');
    expect(plain.channels.items.map((c) => c.channelId)).toEqual([locked.id]);
    expect(plain.lives.items).toEqual([]);
  });

  it('leaves out barred members’ content, and what members the viewer blocked wrote, for that viewer only', async () => {
    const viewer = await signedIn();
    const suspended = await insertChannel({ title: '정지된 여행' });
    const blockedOwner = await insertChannel({ title: '차단한 여행' });
    const open = await insertChannel({ title: '열린 여행' });
    const rude = await insertMember();
    await post(open.id, rude.id, '무례한 여행 글');
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO member_sanctions (member_id, kind, reason, starts_at, ends_at, staff_id) VALUES (?, 'suspend', '테스트', ?, ?, ?)").bind(
        suspended.ownerId,
        now - 1000,
        now + 3_600_000,
        viewer.id,
      ),
      env.DB.prepare('INSERT INTO message_blocks (member_id, target_id, created_at) VALUES (?, ?, ?), (?, ?, ?)').bind(viewer.id, blockedOwner.ownerId, now, viewer.id, rude.id, now),
    ]);
    expect(await channelIds('여행', viewer.browser)).toEqual([open.id]);
    expect((await find('여행', 'posts', viewer.browser)).posts.items).toEqual([]);
    expect(await channelIds('여행')).toEqual([open.id, blockedOwner.id]);
    expect((await find('여행', 'posts')).posts.items).toHaveLength(1);
  });

  it('refuses words under 2 or over 50 characters, or a bad tab, in the viewer’s language', async () => {
    for (const q of ['', '  ', '수', 'x'.repeat(51)]) {
      const res = await get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(400);
      expect((await json<{ error: { message: string } }>(res)).error.message).toBe(q.length > 50 ? '검색어는 50자까지 입력할 수 있습니다.' : '검색어를 2자 이상 입력해 주세요.');
    }
    expect((await get('/api/search?q=abc&tab=people')).status).toBe(400);
    expect((await get('/api/search/suggest?q=a')).status).toBe(400);
    expect((await get(`/api/search?q=${encodeURIComponent('"*) OR (')}`)).status).toBe(200); // FTS syntax is only words
    expect((await get(`/api/search?q=${encodeURIComponent('%_')}`)).status).toBe(200);
  });

  it('suggests channels, on air first; the page shows the results at a URL to share, and a posted box goes there', async () => {
    const quiet = await insertChannel({ title: '노래하는 밤' });
    const onAir = await insertChannel({ title: '노래 교실' });
    await insertStream(onAir.id, { viewers: 3 });
    const suggested = await json<SearchSuggestions>(await get(`/api/search/suggest?q=${encodeURIComponent('노래')}`));
    expect(suggested.channels.map((c) => c.channelId)).toEqual([onAir.id, quiet.id]);

    const page = await get(`/search?q=${encodeURIComponent('노래')}&tab=channels`);
    expect(page.status).toBe(200);
    const data = propsOf(await page.text()).data as SearchPageData;
    expect([data.q, data.tab, data.results?.channels.items.map((c) => c.channelId)]).toEqual(['노래', 'channels', [onAir.id, quiet.id]]);
    const short = propsOf(await (await get('/search?q=a')).text()).data as SearchPageData;
    expect([short.results, short.problem]).toEqual([null, '검색어를 2자 이상 입력해 주세요.']);

    const posted = await new Browser().fetch('/search', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `q=${encodeURIComponent(' 노래  교실 ')}` });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/search?q=${encodeURIComponent('노래 교실')}`);
    // Another form of the page, posted before its script ran, goes back to the page, its fields left out.
    const signIn = await new Browser().fetch('/search?q=abc', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'loginId=demo_viewer&password=secret-9876' });
    expect([signIn.status, signIn.headers.get('location')]).toEqual([303, '/search?q=abc']);
  });
});
