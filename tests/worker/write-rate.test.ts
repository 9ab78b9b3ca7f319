// The write rate's one statement (src/db/write-rates.ts) counts a member's write and checks that the session was not
// revoked: a live session's write counts once, a revoked session's write is a 401 and counts nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SESSION_INVALID } from '../../src/shared/account-api';
import { Browser } from './helpers';
import { signedIn } from './watch-fixtures';

const countOf = async (memberId: number): Promise<number> => (await env.DB.prepare('SELECT count FROM write_rates WHERE member_id = ?').bind(memberId).first<{ count: number }>())?.count ?? 0;
/** The member's fixed window and its count (null before any write). */
const rateOf = (memberId: number) => env.DB.prepare('SELECT count, window_start AS windowStart FROM write_rates WHERE member_id = ?').bind(memberId).first<{ count: number; windowStart: number }>();

const setting = (browser: Browser) => browser.json('/api/my/setting', { isView: true }, 'POST');

describe('the write rate and the session check in one statement', () => {
  it('counts each write of a live session once', async () => {
    const member = await signedIn();
    let last = await rateOf(member.id);
    for (let i = 0; i < 3; i++) {
      expect((await setting(member.browser)).status).toBe(200);
      // One more in the same window, or the first of a new one: a write may land after the window turned.
      const now = await rateOf(member.id);
      expect(now?.count).toBe(last && now?.windowStart === last.windowStart ? last.count + 1 : 1);
      last = now;
    }
  });

  it('refuses a write with a signed-out session’s cookies (401) and counts nothing', async () => {
    const member = await signedIn();
    const copy = new Browser();
    for (const [name, value] of member.browser.jar) copy.jar.set(name, value);
    expect((await member.browser.json('/api/auth/signout', {}, 'POST')).status).toBe(200);
    const before = await countOf(member.id);
    const res = await setting(copy);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe(SESSION_INVALID);
    expect(await countOf(member.id)).toBe(before);
  });
});
