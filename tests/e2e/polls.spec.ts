// Polls in the chat (docs/product/watching-and-chat.md, "Polls"): demo_caster1 starts one in their room from the
// chat panel, two members in browsers of their own vote and see each other's votes move the bars, a second vote of
// the same member (another socket of theirs) is refused and counts nothing, a guest on a phone-sized screen sees the
// bars and is asked to sign in, and once the creator ends it the result stays in the chat, for a page opened after too.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, fill, gotoHydrated, ko, signIn, test, url } from './fixtures';

const CHANNEL = '/channel/demo_caster1';
const PASSWORD = 'demo-pass-1234';
const QUESTION = `오늘 저녁 메뉴는? ${Date.now()}`;
const OPTIONS = ['치킨', '피자', '떡볶이'];

interface Person {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function person(browser: Browser, loginId: string | null, viewport?: { width: number; height: number }): Promise<Person> {
  const context = await browser.newContext({ locale: 'ko-KR', ...(viewport ? { viewport } : {}) });
  await context.addInitScript(() => window.sessionStorage.setItem('showPopup', 'false'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  if (loginId) await signIn(page, loginId, PASSWORD, CHANNEL);
  else await gotoHydrated(page, url('flex', CHANNEL));
  await joined(page);
  return { context, page, errors };
}

const panel = (page: Page) => page.getByRole('region', { name: ko.chat.title });
const log = (page: Page) => page.getByRole('log', { name: ko.chat.log });
const card = (page: Page) => page.getByRole('region', { name: QUESTION });
const choice = (page: Page, option: string) => card(page).getByRole('button', { name: fill(ko.chat.poll.vote, { option }) });
const bar = (page: Page, option: string) => card(page).getByRole('progressbar', { name: option, exact: true });

async function joined(page: Page): Promise<void> {
  await expect(panel(page).getByRole('status').filter({ hasText: ko.chat.status.open })).toBeVisible();
}

/** Every page shows these shares (aria-valuenow) and this total. */
async function shares(pages: Page[], percents: number[], total: number): Promise<void> {
  for (const page of pages) {
    for (const [i, option] of OPTIONS.entries()) await expect(bar(page, option)).toHaveAttribute('aria-valuenow', String(percents[i]));
    await expect(card(page)).toContainText(fill(ko.chat.poll.votes, { count: total }));
  }
}

/** A second socket of the page's member, straight to the room: joins, sends a vote for the open poll, answers what came back. */
function voteAgain(page: Page, option: number): Promise<{ myVote: number | null; answer: unknown[] }> {
  return page.evaluate(async (option) => {
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length) ?? '',
    );
    const res = await fetch('/api/chat/ticket', { method: 'POST', headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ room: '1' }) });
    const { ticket } = (await res.json()) as { ticket: string };
    const ws = new WebSocket(`ws://${location.host}/chat/1?ticket=${encodeURIComponent(ticket)}`);
    const frames: Array<Record<string, unknown>> = [];
    ws.addEventListener('message', (e) => {
      for (const line of String(e.data).split('\n')) frames.push(JSON.parse(line));
    });
    await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
    ws.send(JSON.stringify({ type: 'join', room: '1', streamId: null, source: 'web' }));
    const until = async (match: (f: Record<string, unknown>) => boolean) => {
      for (let i = 0; i < 100 && !frames.some(match); i++) await new Promise((r) => setTimeout(r, 50));
      return frames.find(match);
    };
    const joinedFrame = (await until((f) => f.status === 'joined')) as { poll: { id: number } | null; myVote: number | null };
    ws.send(JSON.stringify({ type: 'poll_vote', id: joinedFrame.poll?.id ?? 0, option }));
    await until((f) => f.type === 'poll' && f.status === 'voted');
    ws.close();
    return { myVote: joinedFrame.myVote, answer: frames.filter((f) => f.status === 'error' || (f.type === 'poll' && f.status === 'voted')) };
  }, option);
}

test('demo_caster1 starts a poll, two members vote once each and watch the bars move, the result stays in the chat', async ({ browser }) => {
  test.setTimeout(150_000); // four browsers signing in on a busy machine
  const creator = await person(browser, 'demo_caster1');
  const viewer = await person(browser, 'demo_viewer');
  const other = await person(browser, 'demo_caster2');
  const guest = await person(browser, null, { width: 390, height: 844 });

  // A poll left open in the room (by an earlier run against the same server) ends first: one is open at a time.
  const leftOver = panel(creator.page).locator('.chat-poll').getByRole('button', { name: ko.chat.poll.end });
  if ((await leftOver.count()) > 0) await leftOver.click();
  // Members have no poll button; the creator's opens the form, its first field focused.
  await expect(panel(viewer.page).getByRole('button', { name: ko.chat.poll.new, exact: true })).toHaveCount(0);
  const pollButton = panel(creator.page).getByRole('button', { name: ko.chat.poll.new, exact: true });
  await pollButton.click();
  const form = creator.page.getByRole('form', { name: ko.chat.poll.formTitle });
  await expect(form.getByLabel(ko.chat.poll.question)).toBeFocused();

  // Bad input: said beside the form, nothing starts.
  await form.getByLabel(ko.chat.poll.question).fill(QUESTION);
  await form.getByRole('textbox', { name: fill(ko.chat.poll.option, { n: 1 }), exact: true }).fill(OPTIONS[0]!);
  await form.getByRole('textbox', { name: fill(ko.chat.poll.option, { n: 2 }), exact: true }).fill(OPTIONS[0]!);
  await form.getByRole('button', { name: ko.chat.poll.start }).click();
  await expect(form.getByRole('alert')).toHaveText(fill(ko.chat.poll.rules, { question: 100, option: 40 }));
  await expect(card(viewer.page)).toHaveCount(0);

  await form.getByRole('textbox', { name: fill(ko.chat.poll.option, { n: 2 }), exact: true }).fill(OPTIONS[1]!);
  await form.getByRole('button', { name: ko.chat.poll.addOption }).click();
  await form.getByRole('textbox', { name: fill(ko.chat.poll.option, { n: 3 }), exact: true }).fill(OPTIONS[2]!);
  await form.getByLabel(ko.chat.poll.duration).selectOption({ label: ko.chat.poll.durations['300'] });
  await form.getByRole('button', { name: ko.chat.poll.start }).click();
  await expect(form).toHaveCount(0);
  await expect(pollButton).toBeFocused();
  // One at a time: while it is open the button opens nothing.
  await expect(pollButton).toHaveAttribute('aria-disabled', 'true');

  // Pinned on every screen: members get the options as buttons, the guest the bars and a way to sign in.
  for (const { page } of [creator, viewer, other, guest]) await expect(card(page)).toBeVisible();
  for (const option of OPTIONS) await expect(choice(viewer.page, option)).toBeVisible();
  await expect(card(viewer.page)).toContainText(new RegExp(ko.chat.poll.timeLeft.replace('{{time}}', '0[45]:\\d\\d')));
  await expect(card(guest.page).getByRole('button', { name: ko.chat.poll.signIn })).toBeVisible();
  await expect(bar(guest.page, OPTIONS[0]!)).toBeVisible();
  await expect(card(creator.page).getByRole('button', { name: ko.chat.poll.end })).toBeVisible();
  await expect(card(viewer.page).getByRole('button', { name: ko.chat.poll.end })).toHaveCount(0);
  await expectNoSeriousA11yViolations(viewer.page);
  await expectNoSeriousA11yViolations(guest.page);
  // The phone-sized panel keeps the whole card and its buttons on the screen.
  const box = await card(guest.page).boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);

  // Votes, by keyboard too; the bars move on every screen, the voter's own choice marked.
  await choice(viewer.page, OPTIONS[0]!).focus();
  await viewer.page.keyboard.press('Enter');
  await expect(card(viewer.page)).toContainText(ko.chat.poll.yourVote);
  await shares([viewer.page, guest.page], [100, 0, 0], 1);
  await choice(other.page, OPTIONS[1]!).click();
  await shares([viewer.page, other.page, guest.page], [50, 50, 0], 2);
  await choice(creator.page, OPTIONS[0]!).click();
  await shares([viewer.page, other.page, creator.page, guest.page], [67, 33, 0], 3);
  await expectNoSeriousA11yViolations(viewer.page);

  // The same member again, from another socket: refused, told their choice, and nothing counted.
  const again = await voteAgain(viewer.page, 2);
  expect(again.myVote).toBe(0);
  expect(again.answer).toEqual([expect.objectContaining({ code: 'ALREADY_VOTED' }), expect.objectContaining({ status: 'voted', option: 0 })]);
  // A second tab of theirs opens on the bars with their choice, no buttons.
  const tab = await viewer.context.newPage();
  await gotoHydrated(tab, url('flex', CHANNEL));
  await joined(tab);
  await expect(card(tab).getByRole('button', { name: fill(ko.chat.poll.vote, { option: OPTIONS[2]! }) })).toHaveCount(0);
  await expect(card(tab)).toContainText(ko.chat.poll.yourVote);
  await shares([tab, guest.page], [67, 33, 0], 3);

  // The creator ends it: the card leaves every screen, the result stays in the log.
  await card(creator.page).getByRole('button', { name: ko.chat.poll.end }).click();
  const verdict = fill(ko.chat.poll.winner, { options: OPTIONS[0]! });
  for (const { page } of [creator, viewer, other, guest]) {
    await expect(card(page)).toHaveCount(0);
    const result = log(page).locator('.chat-poll-result').filter({ hasText: QUESTION });
    await expect(result).toContainText(verdict);
    await expect(result).toContainText(fill(ko.chat.poll.votes, { count: 3 }));
    await expect(result).toContainText('67%');
  }
  await expect(pollButton).not.toHaveAttribute('aria-disabled', 'true');
  await expectNoSeriousA11yViolations(guest.page);

  // A page opened after the end still shows the result.
  await other.page.reload();
  await joined(other.page);
  await expect(log(other.page).locator('.chat-poll-result').filter({ hasText: QUESTION })).toContainText(verdict);

  for (const who of [creator, viewer, other, guest]) {
    expect(who.errors).toEqual([]);
    await who.context.close();
  }
});
