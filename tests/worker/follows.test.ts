import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { FollowState } from '../../src/shared/follow-schemas';
import type { MyListData } from '../../src/shared/page-props';
import { FOLLOWERS_PER_MESSAGE } from '../../src/api/services/went-live';
import { INBOX_SEEN_STEP_MS } from '../../src/db/messages';
import type { ChannelListItem, ListResponse, ViewMainResponse } from '../../src/shared/streams-api';
import { Browser, openInbox, propsOf } from './helpers';
import { insertChannel, insertStream, signedIn } from './watch-fixtures';
import { encoderRun } from './live-fixtures';
import { uniqueTag } from './unique';

// Following a channel: the count moves once per follower however often they press, notices turn on and off, a
// creator does not follow their own channel, and the followed list puts the lives first, busiest first.

const follow = (browser: Browser, channelId: number, body: Record<string, unknown> = {}) =>
  browser.fetch(`/api/channels/${channelId}/follow`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const unfollow = (browser: Browser, channelId: number) => browser.fetch(`/api/channels/${channelId}/follow`, { method: 'DELETE' });
const stateOf = async (browser: Browser, channelId: number) => (await browser.fetch(`/api/channels/${channelId}/follow`)).json<FollowState>();
const countOf = async (channelId: number) => (await env.DB.prepare('SELECT follower_count AS n FROM channels WHERE id = ?').bind(channelId).first<{ n: number }>())!.n;

describe('following', () => {
  it('counts a follower once however often they press; notices turn off and on; unfollowing counts down once', async () => {
    const channel = await insertChannel();
    const viewer = await signedIn();
    const other = await signedIn();
    expect(await stateOf(new Browser(), channel.id)).toEqual({ following: false, notify: false, followerCount: 0 });

    const [first, second] = await Promise.all([follow(viewer.browser, channel.id), follow(viewer.browser, channel.id)]); // a double click
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await stateOf(viewer.browser, channel.id)).toEqual({ following: true, notify: true, followerCount: 1 });
    expect(await (await follow(other.browser, channel.id, { notify: false })).json()).toEqual({ following: true, notify: false, followerCount: 2 });
    expect(await (await follow(viewer.browser, channel.id, { notify: false })).json()).toEqual({ following: true, notify: false, followerCount: 2 });
    expect(await (await follow(viewer.browser, channel.id, { notify: true })).json()).toMatchObject({ notify: true, followerCount: 2 });
    expect(await stateOf(new Browser(), channel.id)).toEqual({ following: false, notify: false, followerCount: 2 });

    expect(await (await unfollow(viewer.browser, channel.id)).json()).toEqual({ following: false, notify: false, followerCount: 1 });
    expect(await (await unfollow(viewer.browser, channel.id)).json()).toEqual({ following: false, notify: false, followerCount: 1 });
    expect(await countOf(channel.id)).toBe(1);
  });

  it('refuses a guest, a bad body, an unknown channel and a creator’s own channel, in the member’s language, and changes nothing', async () => {
    const viewer = await signedIn();
    const own = await insertChannel({ ownerId: viewer.id });
    const channel = await insertChannel();
    expect((await follow(new Browser(), channel.id)).status).toBe(401);
    expect((await follow(viewer.browser, channel.id, { notify: 'yes' })).status).toBe(400);
    const missing = await follow(viewer.browser, 999_999_999);
    expect(missing.status).toBe(404);
    const self = await follow(viewer.browser, own.id);
    expect(self.status).toBe(400);
    expect(await self.json()).toMatchObject({ error: { code: 'FOLLOW_OWN_CHANNEL', message: '내 채널은 팔로우할 수 없습니다.' } });
    expect([await countOf(channel.id), await countOf(own.id)]).toEqual([0, 0]);
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM follows WHERE member_id = ?').bind(viewer.id).first<{ n: number }>())!.n).toBe(0);
  });

  it('lists followed channels on air first, busiest first, then the newest followed; the page /my/following shows them', async () => {
    const viewer = await signedIn();
    const quiet = await insertChannel();
    const busy = await insertChannel();
    const offAir = await insertChannel();
    const older = await insertChannel();
    for (const channel of [older, quiet, offAir, busy]) expect((await follow(viewer.browser, channel.id)).status).toBe(200);
    await env.DB.prepare('UPDATE follows SET created_at = created_at - 60000 WHERE member_id = ? AND channel_id = ?').bind(viewer.id, older.id).run();
    await insertStream(quiet.id, { viewers: 3 });
    await insertStream(busy.id, { viewers: 40 });
    await insertStream(offAir.id, { kind: 2 }); // a recording: not on air

    const list = await (await viewer.browser.fetch('/api/my/streams/following')).json<ListResponse<ChannelListItem>>();
    expect(list.items.map((i) => i.channelId)).toEqual([busy.id, quiet.id, offAir.id, older.id]);
    expect(list.items.map((i) => i.live?.viewerCount ?? null)).toEqual([40, 3, null, null]);
    const page = await viewer.browser.open('/my/following');
    expect(page.status).toBe(200);
    expect((propsOf(await page.text()).data as MyListData).list.items.map((i) => i.channelId)).toEqual([busy.id, quiet.id, offAir.id, older.id]);
    expect((await new Browser().open('/my/following')).status).toBe(302);
  });

  it("the home page's data lists the followed channels' lives, busiest first, for the member only", async () => {
    const viewer = await signedIn();
    const [quiet, busy, offAir, unfollowed] = [await insertChannel(), await insertChannel(), await insertChannel(), await insertChannel()];
    for (const channel of [quiet, busy, offAir]) expect((await follow(viewer.browser, channel.id)).status).toBe(200);
    const quietLive = await insertStream(quiet.id, { viewers: 2 });
    const busyLive = await insertStream(busy.id, { viewers: 90 });
    await insertStream(unfollowed.id, { viewers: 500 });
    const mine = await (await viewer.browser.fetch('/api/my/view-main?device=PC')).json<ViewMainResponse>();
    expect(mine.followingLives.map((s) => s.streamId)).toEqual([busyLive, quietLive]);
    const guest = await (await new Browser().fetch('/api/my/view-main?device=PC')).json<ViewMainResponse>();
    expect(guest.followingLives).toEqual([]);
  });

  it('stamps a member seen when a page of theirs opens the inbox, at most once an hour', async () => {
    const viewer = await signedIn();
    const seen = async () => (await env.DB.prepare('SELECT inbox_seen_at AS at FROM members WHERE id = ?').bind(viewer.id).first<{ at: number | null }>())!.at;
    (await openInbox(viewer.browser)).ws.close();
    const first = await seen();
    expect(first).toBeGreaterThan(Date.now() - 60_000);
    (await openInbox(viewer.browser)).ws.close();
    expect(await seen()).toBe(first);
    await env.DB.prepare('UPDATE members SET inbox_seen_at = ? WHERE id = ?')
      .bind(Date.now() - INBOX_SEEN_STEP_MS - 1000, viewer.id)
      .run();
    (await openInbox(viewer.browser)).ws.close();
    expect(await seen()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("a channel going live tells its followers' open pages, a page of followers per queue message, none who turned its notices off", async () => {
    const creator = await signedIn();
    const key = `follow_key_${uniqueTag()}_abcdefgh`;
    const channel = (await env.DB.prepare('INSERT INTO channels (owner_id, title, stream_key) VALUES (?, ?, ?) RETURNING id')
      .bind(creator.id, `팔로우 알림 ${uniqueTag()}`, key)
      .first<{ id: number }>())!;
    // More followers than one message tells, all before the two who listen (and all with a page open lately, so each
    // inbox is woken): the listeners are told from the second message.
    const tag = uniqueTag();
    await env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?1)
       INSERT INTO members (login_id, nickname, password_hash, inbox_seen_at) SELECT 'fo' || ?2 || i, '팔로' || ?2 || i, 'x', ?3 FROM n`,
    )
      .bind(FOLLOWERS_PER_MESSAGE + 20, tag, Date.now())
      .run();
    await env.DB.prepare("INSERT INTO follows (member_id, channel_id, created_at) SELECT id, ?1, 0 FROM members WHERE login_id LIKE 'fo' || ?2 || '%'").bind(channel.id, tag).run();
    const fan = await signedIn();
    const quiet = await signedIn();
    expect((await follow(fan.browser, channel.id)).status).toBe(200);
    expect((await follow(quiet.browser, channel.id, { notify: false })).status).toBe(200);
    const inboxes = await Promise.all([fan, quiet].map((m) => openInbox(m.browser)));

    await encoderRun(key, Date.now() - 10_000, { count: 3, startSec: 0 });
    const live = (await env.DB.prepare('SELECT id, title FROM streams WHERE channel_id = ? AND ended_at IS NULL').bind(channel.id).first<{ id: number; title: string }>())!;
    const told = () => inboxes[0]!.frames.filter((f) => f.type === 'went_live');
    for (let i = 0; i < 200 && told().length === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(told()).toEqual([{ type: 'went_live', channelId: channel.id, streamId: live.id, loginId: creator.loginId, nickname: expect.any(String), title: live.title }]);
    await new Promise((r) => setTimeout(r, 1500)); // a later batch would have come by now
    expect(inboxes[1]!.frames.filter((f) => f.type === 'went_live')).toEqual([]);
    expect(told()).toHaveLength(1);
    for (const inbox of inboxes) inbox.ws.close();
  });
});
