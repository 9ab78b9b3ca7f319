// Security sweep, maintenance (docs/security.md): maintenance flipped while writes of every kind are under way. Every
// state-changing API route is called by a signed-in member, with a body generated from its documented schema and the
// objects of a world made for it (world() below), twice over and in parallel; halfway the flag goes on. The routes
// the world makes valid must all be accepted before the flip (the rest need staff, an agency, a provider's or the
// PG's proof, or another flow's state). Whatever began after the flip is refused 503, and
// once the calls in flight have ended, a second round writes nothing. The API reads the flag on every call with no
// cache of its own (src/api/app.ts); in production KV itself may lag up to 60 s at a location (see
// tests/worker/maintenance-money.test.ts), which this runtime cannot show.
import { env } from 'cloudflare:test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditPurchase } from '../../src/api/services/ledger';
import { setFlags } from './helpers';
import { insertChannel, insertMember, liveChannel, signedIn } from './watch-fixtures';
import { securityRow } from './security-table';
import { type ApiDoc, type Fill, type Route, apiRoutes, bodyFor, changedTables, concretePath, dbDigest, fetchDoc, inParallel, isUnsafe, label, listed, viaApp } from './security-sweep';
import type { Browser } from './helpers';

/** Development-only routes stay open during maintenance on purpose (src/api/app.ts); production answers them 404. */
const isDevelopmentRoute = (r: Route) => r.path.startsWith('/__dev/');
/** Calls that end the member's own session: made last, so the others are made signed in. */
const endsSession = (r: Route) => /signout|\/password$|\/social\/:provider$/.test(r.path);

let doc: ApiDoc;
let writes: Route[];
let member: { browser: Browser; id: number };
let fill: Fill;
let valid: Record<string, Fill>;

/** The fill for one route: the world's objects by field name, and the route's own where it needs its own object. */
const fillFor = (route: Route): Fill => ({ ...fill, ...valid[label(route)] });

async function write(route: Route): Promise<Response> {
  const routeFill = fillFor(route);
  const payload = bodyFor(doc, route, routeFill);
  return viaApp(member.browser, concretePath(doc, route, routeFill), {
    method: route.method,
    ...(payload ? { headers: { 'content-type': payload.contentType }, body: payload.body } : {}),
  });
}

beforeAll(async () => {
  doc = await fetchDoc();
  writes = apiRoutes().filter((r) => isUnsafe(r) && !isDevelopmentRoute(r) && !endsSession(r));
  member = await signedIn();
  ({ fill, valid } = await world(member.id));
});

/** Insert a row and answer its id. */
const insert = async (sql: string, ...values: unknown[]) =>
  (await env.DB.prepare(`${sql} RETURNING id`)
    .bind(...values)
    .first<{ id: number }>())!.id;

/**
 * A world where the member's writes are allowed: their own channel, another member's live channel, luv to spend, a
 * coupon, notices, posts, comments, messages and an inquiry of their own. `fill` names these by the fields of the
 * documented request schemas; `valid` lists the routes that must accept a write before the flip, each with the
 * objects it consumes alone (a delete and an update of the same post would race).
 */
async function world(memberId: number): Promise<{ fill: Fill; valid: Record<string, Fill> }> {
  const t = `${Date.now() % 1_000_000}`;
  const mine = await insertChannel({ ownerId: memberId });
  const theirs = await liveChannel(); // live: gifts go to a channel on air
  const [other, third, fourth] = [await insertMember(), await insertMember(), await insertMember()];
  await creditPurchase(env.DB, { memberId, amount: 100_000, key: `sweep-maintenance:${t}` });
  const coupon = `SWEEP${t}`;
  await env.DB.prepare('INSERT INTO coupons (code, luv, expires_at) VALUES (?, 10, ?)')
    .bind(coupon, Math.floor(Date.now() / 1000) + 3600)
    .run();
  const now = Date.now();
  const notice = () => insert("INSERT INTO channel_notices (channel_id, author_id, title, body, created_at, updated_at) VALUES (?, ?, 'n', '<p>n</p>', ?, ?)", mine.id, memberId, now, now);
  const post = (channelId: number) =>
    insert(
      "INSERT INTO board_posts (channel_id, author_id, category, title, body, body_text, created_at, updated_at) VALUES (?, ?, 'free', 'p', '<p>p</p>', 'p', ?, ?)",
      channelId,
      memberId,
      now,
      now,
    );
  const comment = (postId: number) => insert("INSERT INTO board_comments (post_id, author_id, body, created_at, updated_at) VALUES (?, ?, 'c', ?, ?)", postId, memberId, now, now);
  const message = (from = other.id) => insert("INSERT INTO messages (sender_id, receiver_id, content, created_at) VALUES (?, ?, 'm', ?)", from, memberId, now);
  const [noticeA, noticeB, postA, postB, postC] = [await notice(), await notice(), await post(theirs.id), await post(theirs.id), await post(mine.id)];
  const [commentA, commentB] = [await comment(postA), await comment(postA)];
  const [messageA, messageB] = [await message(), await message()];
  await message(fourth.id); // the conversation POST /api/my/app/messages/delete removes (not the one being read)
  const inquiry = await insert("INSERT INTO cs_inquiries (member_id, board_type, category_id, title, content, created_at) VALUES (?, 'QNA', 1, 'q', 'q', ?)", memberId, now);
  const key = (what: string) => `sweep-${what}-${t}`;
  return {
    fill: {
      provider: 'kakao',
      channelId: theirs.id,
      room: String(theirs.id),
      themeCode: 'talk',
      loginId: other.loginId,
      matchId: fourth.loginId,
      targetId: third.loginId,
      prodName: '420',
      couponNumber: coupon,
      packId: 'luv-100',
      noticeId: noticeA,
      boardId: postA,
      commentId: commentA,
      categoryId: '1',
    },
    valid: {
      'POST /api/my/channel/stream-key': {},
      'PUT /api/my/channel/settings': {},
      'POST /api/my/channel/luv-preset': {},
      'PUT /api/my/channel/board-setting': {},
      'PUT /api/my/channel/profile': {},
      'POST /api/my/channel-notice': {},
      'PUT /api/my/channel-notice': {},
      'DELETE /api/my/:x/channel-notice/:id': { x: mine.id, id: noticeB },
      'POST /api/chat/ticket': {},
      'POST /api/guest/chat-ticket': {},
      'POST /api/luv/gift': { idempotencyKey: key('gift') },
      'POST /api/shoppings/useCoupon': {},
      'POST /api/shoppings/luv/orders': {},
      'POST /api/my/items/buy': { idempotencyKey: key('buy') },
      'POST /api/my/subscriptions': { idempotencyKey: key('subscribe') },
      'POST /api/my/subscriptions/order': {},
      // Not PUT /api/my/bank-account: it wants a fresh password and the verified holder's name, so before the flip it is
      // refused for those; after it, like every write, it must answer 503.
      'POST /api/cs/board-write': {},
      'PUT /api/cs/board-update': {},
      'DELETE /api/cs/board-delete/:id': { id: postB },
      'PUT /api/cs/board-important/:channelId/:boardId': { channelId: mine.id, boardId: postC },
      'POST /api/cs/board-like': {},
      'POST /api/cs/board-comment': {},
      'PUT /api/cs/board-comment': {},
      'DELETE /api/cs/board-comment/:commentId': { commentId: commentB },
      'POST /api/my/messages': {},
      'POST /v2/api/my/messages-read/:id': { id: messageA },
      'POST /api/my/messages/declaration/:id': { id: messageB },
      'POST /api/my/app/messages/delete': {},
      'POST /api/my/member-messages-blackAdd': {},
      'POST /api/my/inbox-ticket': {},
      'POST /api/my/setting': {},
      'POST /api/cs/inquiry-write': {},
      'DELETE /api/cs/inquiry-delete/:id': { id: inquiry },
      'POST /api/cs/declaration-post': { targetId: String(theirs.id) },
      'POST /api/cs/accountChange': {},
      'PUT /api/my/profile': {},
      'DELETE /api/my/streams/subscriptions/remove': {},
      'POST /api/auth/oauth/:provider/authorize': {},
    },
  };
}

afterAll(() => setFlags({ maintenance: false, emergency: false }));

describe('maintenance flipped during writes', () => {
  it('nothing that began after the flip is accepted, and nothing is written after it', async (context) => {
    await setFlags({ maintenance: false, emergency: false });
    const calls = [...writes, ...writes];
    let flipped = false;
    const late: string[] = [];
    let acceptedBefore = 0;
    const notAccepted: string[] = [];
    await inParallel(
      calls.map((route, i) => ({ route, i })),
      async ({ route, i }) => {
        if (i === writes.length && !flipped) {
          await setFlags({ maintenance: true, emergency: false });
          flipped = true;
        }
        const afterFlip = flipped;
        const res = await write(route);
        if (afterFlip && res.status !== 503) late.push(`${label(route)} ${res.status}`);
        if (!afterFlip && res.ok) acceptedBefore += 1;
        // A write the world makes valid must have been accepted: else the sweep would flip maintenance over refusals.
        if (!afterFlip && label(route) in valid && !res.ok)
          notAccepted.push(`${label(route)} ${res.status} ${((await res.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code ?? ''}`);
      },
      6,
    );
    expect(flipped).toBe(true);
    // The calls in flight at the flip have ended: from here on, nothing may be written at all.
    const before = await dbDigest();
    const second: string[] = [];
    await inParallel(writes, async (route) => {
      const res = await write(route);
      const code = ((await res.json().catch(() => null)) as { error?: { code?: string } } | null)?.error?.code;
      if (res.status !== 503 || code !== 'SERVICE_UNAVAILABLE') second.push(`${label(route)} ${res.status}`);
    });
    const written = changedTables(before, await dbDigest());
    const validCount = Object.keys(valid).length;
    securityRow(context, {
      area: 'maintenance',
      tried: `every state-changing route (${writes.length}) before the flip, bodies from the schemas and a world: ${acceptedBefore} accepted (${validCount} must be)`,
      letThrough: notAccepted.length === 0 ? 0 : `not accepted: ${listed(notAccepted)}`,
      pass: notAccepted.length === 0 && acceptedBefore >= validCount,
    });
    securityRow(context, {
      area: 'maintenance',
      tried: `every state-changing route (${writes.length}) twice in parallel, maintenance on halfway: calls begun after it`,
      letThrough: listed(late),
      pass: late.length === 0,
    });
    securityRow(context, {
      area: 'maintenance',
      tried: `every state-changing route (${writes.length}) once more after the flip: 503 SERVICE_UNAVAILABLE, D1 digest unchanged`,
      letThrough: listed([...second, ...written.map((t) => `${t} written`)]),
      pass: second.length === 0 && written.length === 0,
    });
    expect(notAccepted).toEqual([]);
    expect(acceptedBefore).toBeGreaterThanOrEqual(validCount);
    expect(late).toEqual([]);
    expect(second).toEqual([]);
    expect(written).toEqual([]);

    // And the flag going off lets writes through again (the member's session lived through it).
    await setFlags({ maintenance: false, emergency: false });
    const after = await member.browser.json('/api/my/setting', { isView: true });
    expect(after.status).not.toBe(503);
  });
});
