// The channel board: a fan posts on a creator's board, the creator pins the post, another fan
// finds it pinned at the top, opens it, likes it and comments. The creator, the two fans and the channel
// are this file's own.
import type { Browser, Page } from '@playwright/test';
import { addChannel, addMembers, endLive, expect, expectNoSeriousA11yViolations, ko, person, test } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const CREATOR = { loginId: `brd${suffix}`, nickname: `게시판${suffix}` };
const FAN = { loginId: `bfa${suffix}`, nickname: `팬하나${suffix}` };
const OTHER_FAN = { loginId: `bfb${suffix}`, nickname: `팬둘${suffix}` };
const PATH = `/channel/${CREATOR.loginId}`;
const POST = { title: `팬아트 올립니다 ${suffix}`, body: '어제 방송 보고 그렸어요.\n좋아해 주세요!' };
/** Markup that would run script if the page rendered it as written; the server keeps none of it. */
const HOSTILE = '<img src=x onerror="window.__xss=1"><svg onload="window.__xss=2"></svg><a href="javascript:window.__xss=3">링크</a><p style="background:url(javascript:window.__xss=4)">끝</p>';

test.beforeAll(async () => {
  await addMembers(CREATOR, FAN, OTHER_FAN);
  await addChannel(CREATOR.loginId, `e2e-board ${suffix}`);
});

/** A member in a browser of their own, signed in on the channel page, its board tab open. */
async function onBoard(browser: Browser, loginId: string, newPosts = 0): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await person(browser, loginId, PATH);
  const tab = page.getByRole('tab', { name: ko.board.tab });
  // A member sees how many posts are new to them since they last opened this board.
  if (newPosts) await expect(tab).toContainText(ko.board.newPosts.replace('{{count}}', String(newPosts)));
  await tab.click();
  await expect(page.getByRole('heading', { name: ko.board.list })).toBeVisible();
  return { page, errors, close: () => context.close() };
}

const postButton = (page: Page) => page.getByRole('tabpanel').getByRole('button', { name: new RegExp(POST.title) });

test('a fan posts on the board, the creator pins it, another fan likes it and comments', async ({ browser }) => {
  // The fan writes a post in the fan art category.
  const fan = await onBoard(browser, FAN.loginId);
  await expect(fan.page.getByText(ko.board.empty)).toBeVisible();
  await fan.page.getByRole('button', { name: ko.board.write }).click();
  const editor = fan.page.getByRole('form', { name: ko.board.write });
  await editor.getByLabel(ko.board.category).selectOption('fanart');
  await editor.getByLabel(ko.board.title).fill(POST.title);
  await editor.getByLabel(ko.board.body).fill(`<p>${POST.body.replace('\n', '</p><p>')}</p>${HOSTILE}`);
  await expectNoSeriousA11yViolations(fan.page);
  await editor.getByRole('button', { name: ko.board.submit }).click();
  await expect(fan.page.getByRole('heading', { name: POST.title })).toBeVisible();
  await expect(fan.page.getByText('좋아해 주세요!')).toBeVisible();
  await expect(fan.page.locator('.notice-body a', { hasText: '링크' })).not.toHaveAttribute('href');
  await expect(fan.page.locator('.notice-body img, .notice-body svg, .notice-body [style]')).toHaveCount(0);
  expect(await fan.page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  // Not theirs to pin: only the creator and managers get the button.
  await expect(fan.page.getByRole('button', { name: ko.board.pin, exact: true })).toHaveCount(0);
  expect(fan.errors).toEqual([]);
  await fan.close();

  // The creator opens it from the list and pins it.
  const creator = await onBoard(browser, CREATOR.loginId, 1);
  await postButton(creator.page).click();
  await creator.page.getByRole('button', { name: ko.board.pin, exact: true }).click();
  await expect(creator.page.getByRole('button', { name: ko.board.unpin })).toBeVisible();
  await expect(creator.page.getByRole('heading', { name: POST.title })).toContainText(ko.board.pinned);
  // The post has a URL of its own: a reload shows it, and the browser's Back returns to the list.
  const postUrl = new RegExp(`${PATH}\\?tab=board&post=\\d+$`);
  await expect(creator.page).toHaveURL(postUrl);
  await creator.page.reload();
  await expect(creator.page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(creator.page.getByRole('heading', { name: POST.title })).toBeVisible();
  await creator.page.goBack();
  await expect(creator.page.getByRole('heading', { name: ko.board.list })).toBeVisible();
  await expect(creator.page).toHaveURL(new RegExp(`${PATH}\\?tab=board$`));
  await creator.page.goForward();
  await expect(creator.page.getByRole('heading', { name: POST.title })).toBeVisible();
  expect(creator.errors).toEqual([]);
  await creator.close();

  // Another fan finds it pinned at the top of the fan art category, by keyboard, and likes it.
  const other = await onBoard(browser, OTHER_FAN.loginId);
  await other.page.getByRole('button', { name: ko.board.categories.fanart, exact: true }).click();
  await expect(other.page.getByRole('button', { name: ko.board.categories.fanart, exact: true })).toHaveAttribute('aria-pressed', 'true');
  const item = postButton(other.page);
  await expect(item).toContainText(ko.board.pinned);
  await item.focus();
  await other.page.keyboard.press('Enter');
  const like = other.page.getByRole('button', { name: new RegExp(ko.board.like) });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('1');
  // A comment, shown as text.
  const comment = other.page.getByRole('form', { name: ko.board.commentLabel });
  await comment.getByLabel(ko.board.commentLabel).fill('<b>멋져요</b>');
  await comment.getByRole('button', { name: ko.board.commentSubmit }).click();
  await expect(other.page.locator('.board-comment p', { hasText: '<b>멋져요</b>' })).toBeVisible();
  expect(await other.page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await expectNoSeriousA11yViolations(other.page);
  expect(other.errors).toEqual([]);
  await other.close();
});

test('on a 1366x900 desktop the chat beside the player leaves the channel tabs free: a click on the board tab opens the board', async ({ browser }) => {
  // A live channel's page (player, gift button, stats): scrolled to its end, its tabs come level with the sticky chat.
  const caster = { loginId: `bdl${suffix}`, nickname: `라이브${suffix}` };
  const title = `e2e-board-live ${suffix}`;
  await addMembers(caster);
  await addChannel(caster.loginId, title, { live: true });
  const { context, page, errors } = await person(browser, null, `/channel/${caster.loginId}`, { viewport: { width: 1366, height: 900 } });
  const tab = page.getByRole('tab', { name: ko.board.tab });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const box = (await tab.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  // What a pointer at the tab's centre reaches is the tab itself, not the sticky chat above it.
  expect(await tab.evaluate((el, [x, y]) => el.contains(document.elementFromPoint(x!, y!)), [x, y])).toBe(true);
  await page.mouse.click(x, y);
  await expect(page.getByRole('heading', { name: ko.board.list })).toBeVisible();
  await expect(page.locator('#chat-input')).not.toBeFocused();
  expect(errors).toEqual([]);
  await context.close();
  await endLive(title);
});
