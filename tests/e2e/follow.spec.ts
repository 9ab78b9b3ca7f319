// Following a channel from its page: a member follows it from the keyboard (a double click counts once), turns its
// went-live notices off and on with the bell, finds it on /my/following (the header's "팔로잉"), and unfollows it
// there. (The rules and the list's order: tests/worker/follows.test.ts.)
import { addChannel, addMembers, expect, expectNoSeriousA11yViolations, fill, ko, person, test } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const CREATOR = { loginId: `flc${suffix}`, nickname: `팔로채널${suffix}` };
const FAN = { loginId: `flf${suffix}`, nickname: `팔로워${suffix}` };

test.beforeAll(async () => {
  await addMembers(CREATOR, FAN);
  await addChannel(CREATOR.loginId, `팔로우 채널 ${suffix}`, { live: true });
});

test('a member follows a channel, turns its notices off and on, finds it under Following and unfollows it there', async ({ browser }) => {
  const fan = await person(browser, FAN.loginId, `/channel/${CREATOR.loginId}`);
  const { page } = fan;
  const followButton = page.getByRole('button', { name: ko.follow.follow, exact: true });
  await expect(page.getByText(fill(ko.follow.count, { count: '0' }))).toBeVisible();
  await followButton.dblclick();
  const following = page.getByRole('button', { name: ko.follow.following, exact: true });
  await expect(following).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText(fill(ko.follow.count, { count: '1' }))).toBeVisible();
  const bell = page.getByRole('button', { name: fill(ko.follow.notifyLabel, { nickname: CREATOR.nickname }) });
  await expect(bell).toHaveAttribute('aria-pressed', 'true');
  await bell.press('Enter');
  await expect(bell).toHaveAttribute('aria-pressed', 'false');
  await bell.press('Enter');
  await expect(bell).toHaveAttribute('aria-pressed', 'true');
  await expectNoSeriousA11yViolations(page);

  await page.getByRole('navigation', { name: ko.nav.main }).getByRole('link', { name: ko.nav.following }).click();
  await expect(page).toHaveURL(/\/my\/following$/);
  await expect(page.getByRole('heading', { level: 1, name: ko.lists.LIKE.title })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: CREATOR.nickname });
  await expect(row).toContainText(fill(ko.follow.viewers, { count: '1' }));
  await row.getByRole('button', { name: fill(ko.follow.unfollowOne, { nickname: CREATOR.nickname }) }).click();
  await expect(page.getByText(ko.lists.LIKE.empty)).toBeVisible();
  expect(fan.errors).toEqual([]);
  await fan.context.close();
});
