import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import ko from '../../locales/ko.json';
import { MESSAGE_RATE_WINDOW_MS, MESSAGE_RECIPIENTS_PER_MINUTE } from '../../src/shared/message-limits';
import type { BlockListResponse, ConversationResponse, ConversationsResponse, InboxTicketResponse, MessageBoxResponse, SendMessageResponse } from '../../src/shared/message-schemas';
import { Browser, openInbox, propsOf } from './helpers';
import { expectRefused, insertMember, json, signedIn } from './watch-fixtures';

// Messages through the real proxy: members signed in with cookies, the API on D1, the inbox on its object.

const send = (b: Browser, loginId: string, content: string) => b.json('/api/my/messages', { loginId, content });
async function sent(b: Browser, loginId: string, content: string) {
  const res = await send(b, loginId, content);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json<SendMessageResponse>(res)).message;
}
const box = async (b: Browser, query: string) => json<MessageBoxResponse>(await b.fetch(`/api/my/messages?${query}`));
const thread = async (b: Browser, with_: string, query = '') => json<ConversationResponse>(await b.fetch(`/v2/api/my/messages-list?targetId=${with_}${query}`));
const rowOf = (id: number) =>
  env.DB.prepare('SELECT sender_deleted AS s, receiver_deleted AS r, read_at AS readAt FROM messages WHERE id = ?').bind(id).first<{ s: number; r: number; readAt: number | null }>();
const count = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM messages').first<{ n: number }>())!.n;

describe('sending and reading', () => {
  it('delivers a message to the receiver, as text, and both see their own copy', async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const words = '<img src=x onerror=alert(1)> 안녕\u202e하세요\u0007';
    const message = await sent(a.browser, b.loginId, words);
    expect(message.content).toBe('<img src=x onerror=alert(1)> 안녕 하세요'); // control and bidi characters cleaned, markup kept as text
    expect(message.mine).toBe(true);
    expect(message.to.loginId).toBe(b.loginId);

    const inbox = await box(b.browser, 'division=receive');
    expect(inbox.items.map((m) => m.id)).toEqual([message.id]);
    expect(inbox.unread).toBe(1);
    expect(inbox.items[0]!.mine).toBe(false);
    const outbox = await box(a.browser, 'division=send');
    expect(outbox.items.map((m) => m.id)).toEqual([message.id]);
    expect((await box(a.browser, 'division=receive')).items).toEqual([]);

    const read = await b.browser.fetch(`/v2/api/my/messages-read/${message.id}`, { method: 'POST' });
    expect(read.status).toBe(200);
    expect((await json<{ unread: number }>(read)).unread).toBe(0);
    expect((await rowOf(message.id))!.readAt).not.toBeNull();
  });

  it('refuses bad input and unknown members without writing anything', async () => {
    const a = await signedIn();
    const before = await count();
    await expectRefused(await send(a.browser, a.loginId, 'hi'), 400);
    await expectRefused(await send(a.browser, 'nobody_here_x1', 'hi'), 404);
    await expectRefused(await send(a.browser, (await insertMember()).loginId, '   \u0000 '), 400);
    await expectRefused(await send(a.browser, (await insertMember()).loginId, 'x'.repeat(501)), 400);
    await expectRefused(await a.browser.json('/api/my/messages', { loginId: 'x', content: 'y', extra: 1 }), 400);
    expect(await count()).toBe(before);
  });

  it('answers guests 401 on every call', async () => {
    const guest = new Browser();
    for (const [path, method] of [
      ['/api/my/messages', 'GET'],
      ['/v2/api/my/messages', 'GET'],
      ['/v2/api/my/messages-list?targetId=x', 'GET'],
      ['/api/my/messages/delete?id=1', 'GET'],
      ['/api/my/messages/alldelete?division=all', 'GET'],
      ['/api/my/messages/isblock?targetId=x', 'GET'],
      ['/api/my/member-messages-blackList', 'GET'],
    ] as const) {
      expect((await guest.fetch(path, { method })).status, path).toBe(401);
    }
    for (const path of [
      '/api/my/messages',
      '/v2/api/my/messages-read/1',
      '/api/my/app/messages/delete',
      '/api/my/messages/declaration/1',
      '/api/my/member-messages-blackAdd',
      '/api/my/inbox-ticket',
    ]) {
      expect((await guest.json(path, {})).status, path).toBe(401);
    }
  });
});

describe("nobody reaches another member's messages", () => {
  it('a third member cannot read, mark, delete or report them; a guest neither', async () => {
    const [a, b, c] = [await signedIn(), await signedIn(), await signedIn()];
    const m = await sent(a.browser, b.loginId, 'private words');
    // c's boxes and conversations show nothing of it
    expect((await box(c.browser, 'division=receive')).items).toEqual([]);
    expect((await box(c.browser, 'division=send')).items).toEqual([]);
    expect((await json<ConversationsResponse>(await c.browser.fetch('/v2/api/my/messages'))).items).toEqual([]);
    expect((await thread(c.browser, a.loginId)).items).toEqual([]);
    // by id, it is as absent as a missing message
    await expectRefused(await c.browser.fetch(`/v2/api/my/messages-read/${m.id}`, { method: 'POST' }), 404);
    await expectRefused(await c.browser.fetch(`/api/my/messages/delete?id=${m.id}`), 404);
    await expectRefused(await c.browser.json(`/api/my/messages/declaration/${m.id}`, {}), 404);
    // deleting "their conversation" from c's side touches only c's (empty) copy
    expect((await json<{ deleted: number }>(await c.browser.json('/api/my/app/messages/delete', { matchId: a.loginId }))).deleted).toBe(0);
    expect((await json<{ deleted: number }>(await c.browser.fetch('/api/my/messages/alldelete?division=all'))).deleted).toBe(0);
    // the sender cannot mark the receiver's copy read
    await expectRefused(await a.browser.fetch(`/v2/api/my/messages-read/${m.id}`, { method: 'POST' }), 404);
    // a guest
    const guest = new Browser();
    expect((await guest.fetch(`/api/my/messages/delete?id=${m.id}`)).status).toBe(401);
    expect((await guest.fetch(`/v2/api/my/messages-read/${m.id}`, { method: 'POST' })).status).toBe(401);
    // all as it was
    expect(await rowOf(m.id)).toEqual({ s: 0, r: 0, readAt: null });
    expect((await box(b.browser, 'division=receive')).items.map((x) => x.content)).toEqual(['private words']);
  });

  it('deleting is per side: my copy goes, the other keeps theirs', async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const m1 = await sent(a.browser, b.loginId, 'one');
    const m2 = await sent(b.browser, a.loginId, 'two');
    const del = await a.browser.fetch(`/api/my/messages/delete?id=${m1.id}`);
    expect(del.status).toBe(200);
    expect((await thread(a.browser, b.loginId)).items.map((m) => m.id)).toEqual([m2.id]);
    expect((await thread(b.browser, a.loginId)).items.map((m) => m.id)).toEqual([m1.id, m2.id]);
    await expectRefused(await a.browser.fetch(`/api/my/messages/delete?id=${m1.id}`), 404); // already gone from my side
    // b empties their received box: m2 (b sent it) stays for both
    expect((await json<{ deleted: number }>(await b.browser.fetch('/api/my/messages/alldelete?division=receive'))).deleted).toBe(1);
    expect((await thread(b.browser, a.loginId)).items.map((m) => m.id)).toEqual([m2.id]);
    expect((await thread(a.browser, b.loginId)).items.map((m) => m.id)).toEqual([m2.id]);
    // the whole conversation from a's side
    expect((await json<{ deleted: number }>(await a.browser.json('/api/my/app/messages/delete', { matchId: b.loginId }))).deleted).toBe(1);
    expect((await thread(a.browser, b.loginId)).items).toEqual([]);
    expect((await thread(b.browser, a.loginId)).items.map((m) => m.id)).toEqual([m2.id]);
  });

  it("a report keeps the words for the operator, once per reporter; one cannot report one's own", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const m = await sent(a.browser, b.loginId, 'rude words');
    await expectRefused(await a.browser.json(`/api/my/messages/declaration/${m.id}`, {}), 400);
    const first = await json<{ reportId: number; replayed: boolean }>(await b.browser.json(`/api/my/messages/declaration/${m.id}`, { reason: 'spam' }));
    expect(first.replayed).toBe(false);
    const again = await json<{ reportId: number; replayed: boolean }>(await b.browser.json(`/api/my/messages/declaration/${m.id}`, {}));
    expect(again).toEqual({ reportId: first.reportId, replayed: true });
    await a.browser.fetch(`/api/my/messages/delete?id=${m.id}`);
    await b.browser.fetch(`/api/my/messages/delete?id=${m.id}`);
    const report = await env.DB.prepare('SELECT content, reason, sender_id AS senderId FROM message_reports WHERE id = ?').bind(first.reportId).first();
    expect(report).toEqual({ content: 'rude words', reason: 'spam', senderId: a.id });
  });
});

describe('the block list', () => {
  it("withholds the blocked member's messages without telling them: answered as delivered, theirs to see, never the blocker's; through after unblocking", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const add = await b.browser.json('/api/my/member-messages-blackAdd', { targetId: a.loginId });
    expect(add.status).toBe(200);
    const list = await json<BlockListResponse>(await b.browser.fetch('/api/my/member-messages-blackList'));
    expect(list.items.map((x) => x.loginId)).toEqual([a.loginId]);
    expect(await json(await b.browser.fetch(`/api/my/messages/isblock?targetId=${a.loginId}`))).toEqual({ isBlock: true });
    // The blocked member is not told: their answer is the same as before the block.
    expect(await json(await a.browser.fetch(`/api/my/messages/isblock?targetId=${b.loginId}`))).toEqual({ isBlock: false });

    // The same answer as a delivered message, in the sender's sent box and conversations as sent.
    const withheld = await sent(a.browser, b.loginId, 'let me in');
    expect(withheld).toMatchObject({ content: 'let me in', mine: true });
    expect((await box(a.browser, 'division=send')).items.map((m) => m.id)).toEqual([withheld.id]);
    expect((await json<ConversationsResponse>(await a.browser.fetch('/v2/api/my/messages'))).items.map((c) => c.last.id)).toEqual([withheld.id]);
    // The receiver never sees it, nor counts it unread.
    const received = await box(b.browser, 'division=receive');
    expect(received.items).toEqual([]);
    expect(received.unread).toBe(0);
    expect((await thread(b.browser, a.loginId)).items).toEqual([]);
    expect((await json<ConversationsResponse>(await b.browser.fetch('/v2/api/my/messages'))).items).toEqual([]);
    // the blocker may still write to them
    await sent(b.browser, a.loginId, 'I can still write');

    const del = await b.browser.fetch(`/api/my/member-messages-blackDelete?targetId=${a.loginId}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    await expectRefused(await b.browser.fetch(`/api/my/member-messages-blackDelete?targetId=${a.loginId}`, { method: 'DELETE' }), 404);
    const through = await sent(a.browser, b.loginId, 'thanks');
    expect((await box(b.browser, 'division=receive')).items.map((m) => m.id)).toEqual([through.id]);
  });

  it('refuses blocking oneself or nobody', async () => {
    const a = await signedIn();
    await expectRefused(await a.browser.json('/api/my/member-messages-blackAdd', { targetId: a.loginId }), 400);
    await expectRefused(await a.browser.json('/api/my/member-messages-blackAdd', { targetId: 'nobody_here_x2' }), 404);
    expect((await json<BlockListResponse>(await a.browser.fetch('/api/my/member-messages-blackList'))).total).toBe(0);
  });
});

describe('the rate limit', () => {
  it(`lets a member write to ${MESSAGE_RECIPIENTS_PER_MINUTE} people a minute, refuses the next one, still allows the ones already written to, counting in D1`, async () => {
    const a = await signedIn();
    const others = await Promise.all(Array.from({ length: MESSAGE_RECIPIENTS_PER_MINUTE + 1 }, () => insertMember()));
    // all at once: the D1 statement decides, so parallel sends cannot slip past
    const results = await Promise.all(others.map((o) => send(a.browser, o.loginId, 'hello')));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(MESSAGE_RECIPIENTS_PER_MINUTE);
    const refused = results.find((r) => r.status === 429)!;
    expect(((await refused.json()) as { error: { code: string; message: string } }).error).toEqual({ code: 'MESSAGE_RATE_LIMITED', message: ko.messages.errors.rateLimited });
    const written = await env.DB.prepare('SELECT receiver_id AS r FROM messages WHERE sender_id = ?').bind(a.id).all<{ r: number }>();
    expect(written.results).toHaveLength(MESSAGE_RECIPIENTS_PER_MINUTE);
    // again to someone already written to: fine
    const reached = others.find((o) => written.results.some((w) => w.r === o.id))!;
    await sent(a.browser, reached.loginId, 'again');
    // a minute later (the rows aged in D1), the next person gets through
    await env.DB.prepare('UPDATE messages SET created_at = created_at - ? WHERE sender_id = ?')
      .bind(MESSAGE_RATE_WINDOW_MS + 1, a.id)
      .run();
    const late = others.find((o) => !written.results.some((w) => w.r === o.id))!;
    await sent(a.browser, late.loginId, 'finally');
  });
});

describe('paging', () => {
  it('pages the boxes and a conversation without gaps or repeats', async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const ids: number[] = [];
    for (let i = 0; i < 25; i++) ids.push((await sent(i % 2 ? b.browser : a.browser, i % 2 ? a.loginId : b.loginId, `m${i}`)).id);
    const received = ids.filter((_, i) => i % 2 === 0).reverse(); // b's inbox, newest first
    const page1 = await box(b.browser, 'division=receive&offset=0&limit=5');
    const page2 = await box(b.browser, 'division=receive&offset=5&limit=5');
    const page3 = await box(b.browser, 'division=receive&offset=10&limit=5');
    expect(page1.total).toBe(13);
    expect([...page1.items, ...page2.items, ...page3.items].map((m) => m.id)).toEqual(received);

    let before = '';
    const seen: number[] = [];
    for (;;) {
      const page = await thread(a.browser, b.loginId, `&limit=10${before}`);
      seen.unshift(...page.items.map((m) => m.id));
      if (!page.more) break;
      before = `&before=${page.items[0]!.id}`;
    }
    expect(seen).toEqual(ids);
    await expectRefused(await a.browser.fetch('/api/my/messages?limit=0'), 400);
    await expectRefused(await a.browser.fetch('/api/my/messages?limit=101'), 400);
  });

  it('lists conversations newest first, or unread first with memberSortCode 2', async () => {
    const [me, x, y] = [await signedIn(), await signedIn(), await signedIn()];
    await sent(x.browser, me.loginId, 'from x'); // unread
    await sent(me.browser, y.loginId, 'to y'); // newer, nothing unread
    const newest = await json<ConversationsResponse>(await me.browser.fetch('/v2/api/my/messages'));
    expect(newest.items.map((c) => [c.with.loginId, c.unread])).toEqual([
      [y.loginId, 0],
      [x.loginId, 1],
    ]);
    expect(newest.unread).toBe(1);
    expect((await me.browser.json('/api/my/setting', { memberSortCode: 2 })).status).toBe(200);
    const unreadFirst = await json<ConversationsResponse>(await me.browser.fetch('/v2/api/my/messages'));
    expect(unreadFirst.items.map((c) => c.with.loginId)).toEqual([x.loginId, y.loginId]);
  });
});

describe('the inbox socket', () => {
  const until = async (check: () => boolean) => {
    for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
    expect(check()).toBe(true);
  };

  it("tells the receiver's open page of a new message with the unread count, and the count after reading", async () => {
    const [a, b] = [await signedIn(), await signedIn()];
    const inbox = await openInbox(b.browser);
    expect(inbox.unread).toBe(0);
    const m = await sent(a.browser, b.loginId, 'ping');
    await until(() => inbox.frames.length >= 1);
    expect(inbox.frames[0]).toEqual({ type: 'message', id: m.id, from: { memberId: a.id, loginId: a.loginId, nickname: m.from.nickname }, unread: 1 });
    await b.browser.fetch(`/v2/api/my/messages-read/${m.id}`, { method: 'POST' });
    await until(() => inbox.frames.length >= 2);
    expect(inbox.frames[1]).toEqual({ type: 'unread', unread: 0 });
    inbox.ws.close();
  });

  it('refuses a bad ticket, a foreign origin and a plain request', async () => {
    const a = await signedIn();
    const { ticket } = await json<InboxTicketResponse>(await a.browser.json('/api/my/inbox-ticket', {}));
    const up = (q: string, origin = 'http://flex.localhost:8787') => SELF.fetch(`http://flex.localhost:8787/inbox${q}`, { headers: { upgrade: 'websocket', origin } });
    expect((await up('?ticket=forged.ticket')).status).toBe(401);
    expect((await up(`?ticket=${ticket.slice(0, -2)}xx`)).status).toBe(401);
    expect((await up(`?ticket=${encodeURIComponent(ticket)}`, 'http://evil.example')).status).toBe(403);
    expect((await SELF.fetch(`http://flex.localhost:8787/inbox?ticket=${encodeURIComponent(ticket)}`)).status).toBe(426);
  });
});

describe('the pages', () => {
  it('send guests to sign-in, and render what members wrote as text (server rendering and page props alike)', async () => {
    const guest = new Browser();
    for (const path of ['/messages', '/my']) {
      const res = await guest.open(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toContain('/signin');
    }
    const [a, b] = [await signedIn(), await signedIn()];
    const words = '</script><script>alert(1)</script><img src=x onerror=alert(2)>';
    await sent(a.browser, b.loginId, words);
    const page = await b.browser.open(`/messages?with=${a.loginId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt;'); // drawn as words in the thread
    const props = propsOf(html) as { data: { thread: ConversationResponse } };
    expect(props.data.thread.items.map((m) => m.content)).toEqual([words]);
    const my = await b.browser.open('/my');
    expect(my.status).toBe(200);
    expect((propsOf(await my.text()) as { data: { profile: { loginId: string } } }).data.profile.loginId).toBe(b.loginId);
  });
});
