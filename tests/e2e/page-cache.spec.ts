// The edge page cache in the browser: a guest's home comes from the cache and shows no member's
// sections; a member's home starts from the same shared part and adds their own recently watched once
// the page has hydrated (docs/architecture.md, Page cache).
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { LOOPBACK, PORT, d1, expect, gotoHydrated, ko, signIn, test, url, sql } from './fixtures';

const MARK = 'e2e-cache';
const loginId = `cache${Date.now() % 1_000_000}`;

test.beforeAll(async () => {
  // A member who watched a recording of demo channel 1 (straight into D1; d1() purges the cache).
  const salt = randomBytes(16);
  const hash = `pbkdf2-sha256$100000$${salt.toString('base64url')}$${pbkdf2Sync('Passw0rd!', salt, 100_000, 32, 'sha256').toString('base64url')}`;
  const now = Date.now();
  const title = `${MARK} 다시보기`;
  await d1(
    sql`INSERT INTO members (login_id, nickname, password_hash, identity_verified, adult) VALUES (${loginId}, ${`캐시${loginId.slice(-4)}`}, ${hash}, 1, 1)`,
    sql`INSERT INTO streams (channel_id, kind, source, title, started_at, ended_at, duration_ms) VALUES (1, 2, 'flex', ${title}, ${now - 7_200_000}, ${now - 3_600_000}, 3600000)`,
    sql`INSERT INTO watch_history (member_id, channel_id, stream_id, watched_at)
        SELECT m.id, 1, s.id, ${now} FROM members m, streams s WHERE m.login_id = ${loginId} AND s.title = ${title}`,
  );
});

test.afterAll(async () => {
  await d1(sql`DELETE FROM watch_history WHERE member_id = (SELECT id FROM members WHERE login_id = ${loginId})`, sql`DELETE FROM streams WHERE title = ${`${MARK} 다시보기`}`);
});

test('a guest’s home comes from the edge cache; a member’s adds their own recently watched after hydration', async ({ page, consoleErrors }) => {
  const home = () => fetch(`${LOOPBACK}/`, { headers: { host: `flex.localhost:${PORT}`, 'accept-language': 'ko-KR' } });
  await home();
  expect((await home()).headers.get('x-edge-cache')).toBe('HIT');

  await gotoHydrated(page, url('flex'));
  await expect(page.getByRole('list', { name: ko.home.liveNow }).or(page.getByText(ko.home.noLive))).toBeVisible();
  await expect(page.getByRole('heading', { name: ko.home.recentlyWatched })).toHaveCount(0);

  await signIn(page, loginId, 'Passw0rd!', '/');
  const recent = page.getByRole('list', { name: ko.home.recentlyWatched });
  await expect(recent).toContainText(`${MARK} 다시보기`);
  expect(consoleErrors).toEqual([]);
});
