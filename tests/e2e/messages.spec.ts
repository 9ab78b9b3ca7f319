// Messages (쪽지): two members write to each other and the header's unread badge appears on the
// other's open page without a reload (the MemberInbox socket); a block stops messages and hides the blocked
// member's chat lines in a live room, at once and history included. The members, channel and live are this
// file's own.
import type { Page } from '@playwright/test';
import { PASSWORD, PORT, addChannel, d1, sql, addMembers, endLive, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, ops, person, signIn, test, url, fill } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const A = { loginId: `msga${suffix}`, nickname: `쪽지가${suffix}` };
const B = { loginId: `msgb${suffix}`, nickname: `쪽지나${suffix}` };
const D = { loginId: `msgd${suffix}`, nickname: `쪽지다${suffix}` };
const CREATOR = { loginId: `msgc${suffix}`, nickname: `쪽지방${suffix}` };
const STAFF = { loginId: `msgo${suffix}`, nickname: `쪽지운${suffix}` };
const SENDERS = [`msge${suffix}`, `msgf${suffix}`].map((loginId, i) => ({ loginId, nickname: `쪽지보${i}${suffix}` }));
const TITLE = `e2e-messages ${suffix}`;
const CHANNEL = `/channel/${CREATOR.loginId}`;

test.beforeAll(async () => {
  await addMembers(A, B, D, CREATOR, STAFF, ...SENDERS);
  await d1(sql`UPDATE members SET role = 'O' WHERE login_id = ${STAFF.loginId}`);
  await addChannel(CREATOR.loginId, TITLE, { live: true });
});

test.afterAll(() => endLive(TITLE));

const badge = (page: Page) => page.locator('.site-header .unread-badge');
const messagesLink = (page: Page) => page.locator('.site-header a.messages-link');
const compose = (page: Page) => page.locator('form.messages-compose');
async function write(page: Page, to: string, text: string) {
  const form = compose(page);
  await form.getByLabel(ko.messages.compose.to).fill(to);
  await form.getByLabel(ko.messages.compose.content).fill(text);
  await form.getByRole('button', { name: ko.messages.compose.send }).click();
}
const conversationWith = (page: Page, nickname: string) => page.getByRole('button', { name: fill(ko.messages.conversations.open, { nickname }) });

test('two members message each other; the unread badge appears on the open page without a reload, and reading clears it', async ({ browser }) => {
  const a = await person(browser, A.loginId, '/messages');
  const b = await person(browser, B.loginId, '/');
  await expect(badge(b.page)).toHaveCount(0);
  await expectNoSeriousA11yViolations(a.page);

  // A writes; markup is words, never elements.
  const words = `안녕 <b>굵게</b> ${suffix}`;
  await write(a.page, B.loginId, words);
  await expect(compose(a.page).getByRole('status')).toHaveText(ko.messages.compose.sent); // under the form that sent it
  await expect(a.page.locator('.thread-text').filter({ hasText: words })).toBeVisible();

  // B's home page, untouched: the badge and a toast arrive through the inbox socket.
  await expect(badge(b.page)).toHaveText('1');
  await expect(messagesLink(b.page)).toHaveAccessibleName(new RegExp(`^${ko.messages.nav}\\s*${fill(ko.messages.unreadWords, { count: 1 })}$`)); // the digit is for eyes only
  await expect(b.page.locator('.toast').filter({ hasText: fill(ko.messages.newMessage, { nickname: A.nickname }) })).toBeVisible();

  // B opens the messages page from the header and the conversation: reading it clears the badge.
  await messagesLink(b.page).click();
  await expect(b.page).toHaveURL(/\/messages$/);
  await expect(b.page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await conversationWith(b.page, A.nickname).click();
  const received = b.page.locator('.thread-text').filter({ hasText: words });
  await expect(received).toHaveText(words);
  await expect(received.locator('b')).toHaveCount(0);
  await expect(badge(b.page)).toHaveCount(0);

  // B reports it: the operator's list has the words.
  await b.page.locator('.thread-message').filter({ hasText: words }).getByRole('button', { name: ko.messages.thread.reportLabel }).click();
  await expect(b.page.locator('.messages-thread').getByRole('status')).toHaveText(ko.messages.thread.reported);
  process.env.OPS_PASSWORD = PASSWORD;
  const listed = ops('reports', '--as', STAFF.loginId, '--port', String(PORT));
  expect(listed).toContain(`from ${A.loginId}, reported by ${B.loginId}`);
  expect(listed).toContain(JSON.stringify(words));

  // B replies (the receiver is filled in); A's open page shows the badge and the new words without a reload.
  await expect(compose(b.page).getByLabel(ko.messages.compose.to)).toHaveValue(A.loginId);
  const reply = `답장 ${suffix}`;
  await compose(b.page).getByLabel(ko.messages.compose.content).fill(reply);
  await compose(b.page).getByRole('button', { name: ko.messages.compose.send }).click();
  await expect(a.page.locator('.thread-text').filter({ hasText: reply })).toBeVisible();
  await expectNoSeriousA11yViolations(b.page);
  expect(a.errors).toEqual([]);
  expect(b.errors).toEqual([]);
  await a.context.close();
  await b.context.close();
});

for (const [layout, sender, options] of [
  ['desktop', SENDERS[0], {}],
  ['phone', SENDERS[1], { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }],
] as const) {
  test(`${layout}: the sender's conversation list and open conversation show what they sent at once`, async ({ browser }) => {
    const s = await person(browser, sender.loginId, '/messages', options);
    const list = s.page.locator('.messages-conversations');
    await expect(list).toContainText(ko.messages.conversations.empty);
    const first = `처음 ${layout} ${suffix}`;
    await write(s.page, D.loginId, first);
    await expect(conversationWith(s.page, D.nickname)).toContainText(fill(ko.messages.conversations.you, { text: first }));
    await expect(conversationWith(s.page, D.nickname)).toHaveAttribute('aria-current', 'true');
    await expect(s.page.locator('.thread-text').filter({ hasText: first })).toBeVisible();
    const next = `다음 ${layout} ${suffix}`;
    await compose(s.page).getByLabel(ko.messages.compose.content).fill(next);
    await compose(s.page).getByRole('button', { name: ko.messages.compose.send }).click();
    await expect(conversationWith(s.page, D.nickname)).toContainText(fill(ko.messages.conversations.you, { text: next }));
    await expect(s.page.locator('.thread-text')).toHaveText([first, next]);
    expect(s.errors).toEqual([]);
    await s.context.close();
  });
}

test("blocking stops the blocked member's messages and hides their chat lines in a live room at once", async ({ browser }) => {
  const a = await person(browser, A.loginId, CHANNEL);
  const b = await person(browser, B.loginId, CHANNEL);
  const d = await person(browser, D.loginId, CHANNEL);
  const log = (page: Page) => page.getByRole('log', { name: ko.chat.log });
  const joined = (page: Page) => expect(page.getByRole('region', { name: ko.chat.title }).getByRole('status').filter({ hasText: ko.chat.status.open })).toBeVisible();
  const say = async (page: Page, text: string) => {
    await page.getByLabel(ko.chat.inputLabel).fill(text);
    await page.getByLabel(ko.chat.inputLabel).press('Enter');
  };
  const line = (page: Page, text: string) => log(page).locator('li.chat-message').filter({ hasText: text });
  for (const p of [a, b, d]) await joined(p.page);

  const before = `차단 전 ${suffix}`;
  await say(a.page, before);
  await expect(line(b.page, before)).toBeVisible();

  // B blocks A from the messages page in a second tab; the open channel tab drops A's lines at once.
  const manage = await b.context.newPage();
  await gotoHydrated(manage, url('flex', '/messages'));
  // An ID nobody has is refused beside the form, and stays in the box to be corrected.
  const blocks = manage.locator('.messages-blocks');
  await manage.getByLabel(ko.messages.blocks.target).fill(`nobody${suffix}`);
  await manage.getByRole('button', { name: ko.messages.blocks.add, exact: true }).click();
  await expect(blocks.getByRole('alert')).toHaveText(ko.messages.errors.memberNotFound);
  await expect(manage.getByLabel(ko.messages.blocks.target)).toHaveValue(`nobody${suffix}`);
  await expect(manage.getByLabel(ko.messages.blocks.target)).toHaveAccessibleDescription(ko.messages.errors.memberNotFound);
  await manage.getByLabel(ko.messages.blocks.target).fill(A.loginId);
  await manage.getByRole('button', { name: ko.messages.blocks.add, exact: true }).click();
  await expect(manage.locator('.block-list')).toContainText(A.loginId);
  await expect(line(b.page, before)).toHaveCount(0);

  // A's next line reaches the room (D sees it) but not B; D's line after it does reach B.
  const after = `차단 후 ${suffix}`;
  await say(a.page, after);
  await expect(line(d.page, after)).toBeVisible();
  const marker = `다른 사람 ${suffix}`;
  await say(d.page, marker);
  await expect(line(b.page, marker)).toBeVisible();
  await expect(line(b.page, after)).toHaveCount(0);
  await expect(line(a.page, after)).toBeVisible();

  // A's message to B is answered as sent (the block is not revealed), and nothing reaches B.
  await gotoHydrated(a.page, url('flex', '/messages'));
  await write(a.page, B.loginId, `막힘 ${suffix}`);
  await expect(a.page.getByText(ko.messages.compose.sent)).toBeVisible();
  await expect(badge(b.page)).toHaveCount(0);

  // Unblocking brings A's lines back on B's channel page.
  await manage.getByRole('button', { name: fill(ko.messages.blocks.remove, { nickname: A.nickname }) }).click();
  await expect(line(b.page, before)).toBeVisible();
  expect([...a.errors, ...b.errors, ...d.errors]).toEqual([]);
  for (const p of [a, b, d]) await p.context.close();
});

test('my page: a setting saved at once, kept after a reload, and reachable from the header', async ({ page, consoleErrors }) => {
  await signIn(page, D.loginId, PASSWORD, '/');
  await page.locator('.site-header').getByRole('link', { name: ko.nav.myPage }).click();
  await expect(page).toHaveURL(/\/my$/);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const vibes = page.getByLabel(ko.settings.isVibes.label);
  await expect(vibes).toBeChecked();
  await vibes.uncheck();
  await expect(page.locator('.settings-status')).toHaveText(ko.settings.saved);
  await page.getByLabel(ko.settings.memberSortCode.unreadFirst).check();
  await expect(page.locator('.settings-status')).toHaveText(ko.settings.saved);
  await expectNoSeriousA11yViolations(page);
  await page.reload();
  await expect(page.getByLabel(ko.settings.isVibes.label)).not.toBeChecked();
  await expect(page.getByLabel(ko.settings.memberSortCode.unreadFirst)).toBeChecked();
  expect(consoleErrors).toEqual([]);
});
