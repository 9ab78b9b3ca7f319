// Search from the header: the box suggests channels as the viewer types (a combobox: arrow keys, Enter, Escape), Enter
// opens the results page at a URL to share, its tabs are links, words too short are refused in the viewer's
// language, and without the script the box posts to /search and lands on the same URL. (Which rows are found and for
// whom: tests/worker/search.test.ts.)
import { expect, expectNoSeriousA11yViolations, fill, gotoHydrated, ko, LOOPBACK, test } from './fixtures';

// Demo channel 1: demo_caster1 (하늘토크), "하늘의 수다 라이브".
const CHANNEL_1 = { loginId: 'demo_caster1', nickname: '하늘토크' };

test('a viewer searches "수다" from the header: suggestions by keyboard, then the results page with its tabs', async ({ page, consoleErrors }) => {
  await gotoHydrated(page, `${LOOPBACK}/`);
  const box = page.getByRole('combobox', { name: ko.search.label });
  await box.fill('수다');
  const list = page.getByRole('listbox', { name: ko.search.suggestions });
  const option = list.getByRole('option').filter({ hasText: CHANNEL_1.nickname });
  await expect(option).toBeVisible();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('ArrowDown');
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', /site-search-suggestions-0/);
  await expectNoSeriousA11yViolations(page);
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute('aria-expanded', 'false');

  await box.press('Enter');
  await expect(page).toHaveURL(`${LOOPBACK}/search?q=${encodeURIComponent('수다')}`);
  await expect(page.getByRole('heading', { level: 1, name: fill(ko.search.heading, { q: '수다' }) })).toBeVisible();
  const channels = page.getByRole('region', { name: ko.search.tabs.channels });
  await expect(channels.getByRole('link', { name: CHANNEL_1.nickname })).toHaveAttribute('href', `/channel/${CHANNEL_1.loginId}`);
  await expectNoSeriousA11yViolations(page);

  const tabs = page.getByRole('navigation', { name: ko.search.tabsLabel });
  await tabs.getByRole('link', { name: ko.search.tabs.channels, exact: true }).click();
  await expect(page).toHaveURL(/\/search\?q=%EC%88%98%EB%8B%A4&tab=channels$/);
  await expect(tabs.getByRole('link', { name: ko.search.tabs.channels, exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: CHANNEL_1.nickname })).toBeVisible();
  await expect(box).toHaveValue('수다');

  // Words too short: the page says so, and asks nothing.
  await box.fill('수');
  await box.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: ko.search.tooShort })).toBeVisible();
  expect(consoleErrors).toEqual([]);
});

test('choosing a suggestion with the keyboard opens its channel', async ({ page }) => {
  await gotoHydrated(page, `${LOOPBACK}/`);
  const box = page.getByRole('combobox', { name: ko.search.label });
  await box.pressSequentially('하늘토');
  const option = page.getByRole('listbox', { name: ko.search.suggestions }).getByRole('option').filter({ hasText: CHANNEL_1.nickname });
  await expect(option).toBeVisible();
  await box.press('ArrowDown');
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(`${LOOPBACK}/channel/${CHANNEL_1.loginId}`);
});

test('words typed before the page hydrated are the ones searched', async ({ page }) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/main.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(`${LOOPBACK}/`, { waitUntil: 'domcontentloaded' });
  await page.getByRole('combobox', { name: ko.search.label }).fill('하늘의 수다');
  release();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('search').getByRole('button', { name: ko.search.submit }).click();
  await expect(page).toHaveURL(`${LOOPBACK}/search?q=${encodeURIComponent('하늘의 수다')}`);
  await expect(page.getByRole('link', { name: CHANNEL_1.nickname }).first()).toBeVisible();
});

test.describe('without the script', () => {
  test.use({ javaScriptEnabled: false });
  test('the box posts its words to /search and lands on the results URL', async ({ page }) => {
    await page.goto(`${LOOPBACK}/`);
    const box = page.getByRole('combobox', { name: ko.search.label });
    await box.fill('수다 라이브');
    await page.getByRole('search').getByRole('button', { name: ko.search.submit }).click();
    await expect(page).toHaveURL(`${LOOPBACK}/search?q=${encodeURIComponent('수다 라이브')}`);
    await expect(page.getByRole('link', { name: CHANNEL_1.nickname }).first()).toBeVisible();
  });
});
