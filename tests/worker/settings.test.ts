import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { creditPurchase } from '../../src/api/services/ledger';
import { DEFAULT_SETTINGS } from '../../src/shared/message-limits';
import type { InboxFrame, InboxTicketResponse, SettingsResponse } from '../../src/shared/message-schemas';
import type { ProfileResponse } from '../../src/shared/account-api';
import type { GiftListResponse } from '../../src/shared/luv-schemas';
import type { ChannelListItem, ListResponse } from '../../src/shared/streams-api';
import { Browser } from './helpers';
import { expectRefused, insertChannel, json, liveChannel, signedIn } from './watch-fixtures';

// POST /api/my/setting: each setting and what it changes, read back in GET /api/my/profile.

const setting = (b: Browser, body: Record<string, unknown>) => b.json('/api/my/setting', body);
const profile = async (b: Browser) => (await json<ProfileResponse>(await b.fetch('/api/my/profile'))).profile;
let keys = 0;
const newKey = () => `s${Date.now()}${++keys}`.padEnd(8, '0');

describe('POST /api/my/setting', () => {
  it('starts from the defaults, changes only what is sent, and the profile answers the change at once', async () => {
    const a = await signedIn();
    expect((await profile(a.browser)).settings).toEqual(DEFAULT_SETTINGS);
    const res = await setting(a.browser, { isVibes: false, memberSortCode: 2 });
    expect(res.status).toBe(200);
    expect((await json<SettingsResponse>(res)).settings).toEqual({ ...DEFAULT_SETTINGS, isVibes: false, memberSortCode: 2 });
    await setting(a.browser, { isBigFan: false });
    expect((await profile(a.browser)).settings).toEqual({ ...DEFAULT_SETTINGS, isVibes: false, memberSortCode: 2, isBigFan: false });
    // the profile is never kept by the browser or the edge: the page's own cache (5 min) is what holds it
    expect((await a.browser.fetch('/api/my/profile')).headers.get('cache-control') ?? '').not.toMatch(/max-age=[1-9]/);
  });

  it('refuses bad input and guests, changing nothing', async () => {
    const a = await signedIn();
    await expectRefused(await setting(a.browser, { memberSortCode: 3 }), 400);
    await expectRefused(await setting(a.browser, { isView: 'no' }), 400);
    await expectRefused(await setting(a.browser, { isView: false, color: 'red' }), 400);
    expect((await profile(a.browser)).settings).toEqual(DEFAULT_SETTINGS);
    expect((await new Browser().json('/api/my/setting', { isView: false })).status).toBe(401);
    expect((await new Browser().fetch('/api/my/profile')).status).toBe(401);
  });

  it("tells the member's open pages, which drop their cached profile", async () => {
    const a = await signedIn();
    const { ticket } = await json<InboxTicketResponse>(await a.browser.json('/api/my/inbox-ticket', {}));
    const up = await SELF.fetch(`http://flex.localhost:8787/inbox?ticket=${encodeURIComponent(ticket)}`, { headers: { upgrade: 'websocket' } });
    const ws = up.webSocket!;
    ws.accept();
    const frames: InboxFrame[] = [];
    ws.addEventListener('message', (e) => frames.push(JSON.parse(e.data as string) as InboxFrame));
    await setting(a.browser, { isView: false });
    for (let i = 0; i < 100 && frames.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(frames).toEqual([{ type: 'settings' }]);
    ws.close();
  });
});

describe('what each setting does', () => {
  it('isView off: watching is no longer recorded in recently watched', async () => {
    const a = await signedIn();
    const [one, two] = [await insertChannel(), await insertChannel()];
    expect((await a.browser.json('/api/my/streams/played', { channelId: one.id })).status).toBe(200);
    await setting(a.browser, { isView: false });
    expect((await a.browser.json('/api/my/streams/played', { channelId: two.id })).status).toBe(200);
    const list = await json<ListResponse<ChannelListItem>>(await a.browser.fetch('/api/my/streams/played'));
    expect(list.items.map((c) => c.channelId)).toEqual([one.id]);
  });

  it("isSponser off: the creator's list of gifts received shows the giver as anonymous; the giver's own list is unchanged", async () => {
    const [viewer, creator] = [await signedIn(), await signedIn()];
    const channel = await liveChannel({ ownerId: creator.id });
    await creditPurchase(env.DB, { memberId: viewer.id, amount: 100, key: `test-purchase:${newKey()}` });
    const gift = () => viewer.browser.json('/api/luv/gift', { channelId: channel.id, amount: 10, idempotencyKey: newKey() });
    expect((await gift()).status).toBe(200);
    const shown = await json<GiftListResponse>(await creator.browser.fetch('/api/luv/receivedluv-list'));
    expect(shown.items[0]).toMatchObject({ loginId: viewer.loginId, anonymous: false });
    await setting(viewer.browser, { isSponser: false });
    const hidden = await json<GiftListResponse>(await creator.browser.fetch('/api/luv/receivedluv-list'));
    expect(hidden.items.map((i) => [i.loginId, i.nickname, i.anonymous])).toEqual([['', '', true]]);
    const own = await json<GiftListResponse>(await viewer.browser.fetch('/api/luv/sentluv-list'));
    expect(own.items[0]).toMatchObject({ loginId: creator.loginId, anonymous: false });
  });
});
