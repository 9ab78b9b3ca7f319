// The chat panel on a channel page: two signed-in members see each other's messages, the
// creator mutes one from the moderation menu and the muted one's message is refused and never reaches
// the other, a burst of 100 messages all show, and a guest who tries to write is asked to sign in. No
// video is needed: channel 1 (demo_caster1) is offline, and chat works on offline channels too.
// How fast (delivery within a second, no long task in a busy room) is measured, not tested:
// `npm run bench:chat` (sockets at scale) and `npm run bench:chat-page` (a page in a busy room).
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { COOKIE } from '../../src/shared/constants';
import { expect, expectNoSeriousA11yViolations, gotoHydrated, ko, pageCall, signIn, test, url, fill } from './fixtures';

const CHANNEL = '/channel/demo_caster1';
const PASSWORD = 'demo-pass-1234';

/** A browser of its own (cookies, session) for each member, like two people on two machines. */
async function member(browser: Browser, loginId: string): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ locale: 'ko-KR' });
  await context.addInitScript(() => window.sessionStorage.setItem('showPopup', 'false'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, loginId, PASSWORD, CHANNEL);
  await joined(page);
  return { context, page, errors };
}

const panel = (page: Page) => page.getByRole('region', { name: ko.chat.title });
/** The name on someone's newest line, which opens the menu about them; and that menu. */
const nameOn = (page: Page, nickname: string) =>
  log(page)
    .getByRole('button', { name: fill(ko.chat.member.menu, { nickname }) })
    .last();
const menuOf = (page: Page, nickname: string) => page.getByRole('group', { name: fill(ko.chat.member.menu, { nickname }), exact: true });
const log = (page: Page) => page.getByRole('log', { name: ko.chat.log });
const lineOf = (page: Page, text: string) => log(page).locator('li.chat-message').filter({ hasText: text });
const input = (page: Page) => page.getByLabel(ko.chat.inputLabel);

async function joined(page: Page): Promise<void> {
  await expect(panel(page).getByRole('status').filter({ hasText: ko.chat.status.open })).toBeVisible();
}

/** Resolves once `text` shows in the page's chat log. */
function whenShown(page: Page, text: string): Promise<void> {
  return page.evaluate(
    (wanted) =>
      new Promise<void>((resolve, reject) => {
        const target = document.querySelector('.chat-log')!;
        const seen = () => target.textContent?.includes(wanted) ?? false;
        if (seen()) return resolve();
        setTimeout(() => reject(new Error(`not in the chat log after 20 s: ${wanted}`)), 20_000);
        new MutationObserver((_, observer) => {
          if (!seen()) return;
          observer.disconnect();
          resolve();
        }).observe(target, { subtree: true, childList: true, characterData: true });
      }),
    text,
  );
}

/** Send from one page; resolves once the other shows it. */
async function delivered(from: Page, to: Page, text: string): Promise<void> {
  const shown = whenShown(to, text);
  await input(from).fill(text);
  await input(from).press('Enter');
  await shown;
}

test.describe.configure({ mode: 'serial' });

test('two members see each other’s messages; the creator mutes one, whose next message is refused', async ({ browser }) => {
  test.setTimeout(120_000); // three browsers signing in: 36-48 s on a busy machine, past 60 s when it is very busy
  const viewer = await member(browser, 'demo_viewer');
  const minor = await member(browser, 'demo_minor');

  for (let i = 0; i < 4; i++) {
    await delivered(viewer.page, minor.page, `안녕하세요 ${i} ${Date.now()}`);
    await delivered(minor.page, viewer.page, `반가워요 ${i} ${Date.now()}`);
  }
  // The author's name and a member's badge-free line; no moderation menu for an ordinary member.
  await expect(log(minor.page).getByText('데모시청자').first()).toBeVisible();
  await expect(log(minor.page).getByRole('button', { name: fill(ko.chat.moderate, { nickname: '데모시청자' }) })).toHaveCount(0);
  await expectNoSeriousA11yViolations(minor.page);
  // A member's name opens who they are, a message to them, a block and a report; no moderation for an ordinary member.
  await nameOn(minor.page, '데모시청자').click();
  const aboutViewer = menuOf(minor.page, '데모시청자');
  await expect(aboutViewer).toContainText('@demo_viewer');
  const message = aboutViewer.getByRole('link', { name: ko.chat.member.message });
  await expect(message).toHaveAttribute('href', '/messages?with=demo_viewer');
  await expect(aboutViewer.getByRole('button', { name: ko.chat.member.block })).toBeVisible();
  await expect(aboutViewer.getByRole('button', { name: ko.cs.report.button.chat })).toBeVisible();
  await expect(aboutViewer.getByRole('group', { name: fill(ko.chat.moderate, { nickname: '데모시청자' }) })).toHaveCount(0);
  await expectNoSeriousA11yViolations(minor.page);
  // By keyboard: the menu takes the focus; Esc closes it and gives it back to the name.
  await expect(message).toBeFocused();
  await minor.page.keyboard.press('Escape');
  await expect(aboutViewer).toHaveCount(0);
  await expect(nameOn(minor.page, '데모시청자')).toBeFocused();

  // The creator joins; their messages carry the creator badge, and members' names open a moderation menu.
  const creator = await member(browser, 'demo_caster1');
  await expect(log(creator.page)).toContainText('반가워요 3'); // history on join
  await input(creator.page).fill('방장 인사드립니다');
  await input(creator.page).press('Enter');
  await expect(log(viewer.page).locator('.chat-message').filter({ hasText: '방장 인사드립니다' }).getByText(ko.chat.badge.creator, { exact: true })).toBeVisible();

  // A creator has a channel: their name's menu links to it.
  await nameOn(minor.page, '하늘토크').click();
  await expect(menuOf(minor.page, '하늘토크').getByRole('link', { name: ko.chat.member.channel })).toHaveAttribute('href', '/channel/demo_caster1');
  await minor.page.keyboard.press('Escape');

  // The creator's menu on a member adds the room's moderation, labelled as such.
  await nameOn(creator.page, '데모청소년').click();
  const menu = menuOf(creator.page, '데모청소년').getByRole('group', { name: fill(ko.chat.moderate, { nickname: '데모청소년' }) });
  await expect(menu.getByRole('button', { name: ko.chat.mod.managerAssign })).toBeVisible(); // creator-only
  await expectNoSeriousA11yViolations(creator.page);
  await menu.getByRole('button', { name: ko.chat.mod.mute60 }).click();
  const muted = fill(ko.chat.action.mute, { by: '하늘토크', target: '데모청소년', seconds: 60 });
  await expect(log(minor.page)).toContainText(muted);
  await expect(log(viewer.page)).toContainText(muted);

  const refused = `금지 중에 보낸 말 ${Date.now()}`;
  await input(minor.page).fill(refused);
  await input(minor.page).press('Enter');
  await expect(panel(minor.page).getByRole('alert')).toContainText(ko.chat.errors.MUTED);
  // Anything sent after it arrives in order: once the creator's next line is there, the refused one never came.
  const marker = `다음 이야기 ${Date.now()}`;
  await input(creator.page).fill(marker);
  await input(creator.page).press('Enter');
  await expect(log(viewer.page)).toContainText(marker);
  await expect(log(viewer.page)).not.toContainText(refused);
  await expect(log(minor.page)).not.toContainText(refused);

  // The creator deletes a line from its author's menu: it leaves every screen, and the notice says who did it.
  const regret = `지우고 싶은 말 ${Date.now()}`;
  await input(viewer.page).fill(regret);
  await input(viewer.page).press('Enter');
  await expect(log(minor.page)).toContainText(regret);
  // The menu is opened on that very line: the creator's newest line from the viewer may still be an older one.
  await lineOf(creator.page, regret)
    .getByRole('button', { name: fill(ko.chat.member.menu, { nickname: '데모시청자' }) })
    .click();
  await menuOf(creator.page, '데모시청자').getByRole('button', { name: ko.chat.mod.deleteMessage }).click();
  const deleted = fill(ko.chat.action.delete_message, { by: '하늘토크', target: '데모시청자' });
  await expect(log(minor.page)).toContainText(deleted);
  await expect(log(minor.page)).not.toContainText(regret);
  await expect(log(viewer.page)).not.toContainText(regret);
  await expect(log(creator.page)).not.toContainText(regret);

  // Freeze: members cannot write, the creator still can.
  await creator.page.getByRole('button', { name: ko.chat.freeze }).click();
  await expect(viewer.page.getByText(ko.chat.frozenNotice)).toBeVisible();
  await input(viewer.page).fill('얼었나요?');
  await input(viewer.page).press('Enter');
  await expect(panel(viewer.page).getByRole('alert')).toContainText(ko.chat.errors.FROZEN);
  await creator.page.getByRole('button', { name: ko.chat.unfreeze }).click();
  await expect(viewer.page.getByText(ko.chat.frozenNotice)).toHaveCount(0);

  // A busy room: 100 messages at 20 a second (the creator is not rate limited), sent over a second socket
  // of the creator's. The viewer's page shows every one of them.
  const burst = `연속 ${Date.now()}`;
  const lastShown = whenShown(viewer.page, `${burst} #100`);
  await creator.page.evaluate(async (prefix) => {
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length) ?? '',
    );
    const res = await fetch('/api/chat/ticket', { method: 'POST', headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify({ room: '1' }) });
    const { ticket } = (await res.json()) as { ticket: string };
    const ws = new WebSocket(`ws://${location.host}/chat/1?ticket=${encodeURIComponent(ticket)}`);
    await new Promise((resolve) => ws.addEventListener('open', resolve, { once: true }));
    ws.send(JSON.stringify({ type: 'join', room: '1', streamId: null, source: 'web' }));
    await new Promise((resolve) => ws.addEventListener('message', resolve, { once: true })); // joined
    for (let i = 1; i <= 100; i++) {
      ws.send(JSON.stringify({ type: 'message', text: `${prefix} #${i}` }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    ws.close();
  }, burst);
  await lastShown;
  await expect(log(viewer.page).locator('.chat-message').filter({ hasText: burst })).toHaveCount(100);

  // The minor blocks the viewer from the menu: the viewer's lines leave the minor's chat (and nobody else's).
  await expect(log(minor.page)).toContainText('안녕하세요 0');
  await nameOn(minor.page, '데모시청자').click();
  await menuOf(minor.page, '데모시청자').getByRole('button', { name: ko.chat.member.block }).click();
  await expect(minor.page.locator('.toast').filter({ hasText: fill(ko.chat.member.blocked, { nickname: '데모시청자' }) })).toBeVisible();
  await expect(log(minor.page)).not.toContainText('안녕하세요 0');
  await expect(log(viewer.page)).toContainText('안녕하세요 0');
  expect((await pageCall(minor.page, 'DELETE', '/api/my/member-messages-blackDelete?targetId=demo_viewer')).status).toBe(200);

  for (const who of [viewer, minor, creator]) {
    expect(who.errors).toEqual([]);
    await who.context.close();
  }
});

test('a guest reads the chat and is asked to sign in when trying to write', async ({ page, consoleErrors }) => {
  await gotoHydrated(page, url('flex', CHANNEL));
  await joined(page);
  await expect(log(page)).toContainText('연속'); // the room's history (its last 100 messages), read only
  await expect(input(page)).toHaveAttribute('placeholder', ko.chat.guestPlaceholder);
  await expectNoSeriousA11yViolations(page);

  await input(page).click();
  const dialog = page.getByRole('dialog', { name: ko.membersOnly.title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: ko.membersOnly.login })).toHaveAttribute('href', `/signin?callbackURL=${encodeURIComponent(CHANNEL)}`);
  await dialog.getByRole('button', { name: ko.common.close }).click();
  await expect(dialog).toBeHidden();

  // Focus came back to the input (the dialog returns it); typing asks again and writes nothing.
  await input(page).press('a');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(input(page)).toHaveValue('');
  expect(consoleErrors).toEqual([]);
});

test('on a phone the chat input is wide enough for its whole placeholder, in the longest locales', async ({ browser }) => {
  // One phone; the locale cookie (which the site reads before Accept-Language) picks each language.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    for (const locale of ['ja', 'en', 'th']) {
      await context.addCookies([{ name: COOKIE.locale, value: locale, url: url('flex') }]);
      await gotoHydrated(page, url('flex', CHANNEL));
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const field = page.locator('#chat-input');
      await expect(field).toBeVisible();
      // The placeholder's width in the input's own font, against the room inside the input's padding.
      const { text, textWidth, room } = await field.evaluate((element: HTMLInputElement) => {
        const style = getComputedStyle(element);
        const context2d = document.createElement('canvas').getContext('2d')!;
        context2d.font = style.font;
        return {
          text: element.placeholder,
          textWidth: context2d.measureText(element.placeholder).width,
          room: element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
        };
      });
      expect(text, locale).not.toBe('');
      expect(textWidth, `${locale}: "${text}"`).toBeLessThanOrEqual(room);
    }
  } finally {
    await context.close();
  }
});

test('a line written while the chat is still connecting goes out once it is in, and stays in the box till then', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/chat/ticket', async (route) => {
    await held;
    await route.continue();
  });
  await signIn(page, 'demo_viewer', PASSWORD, CHANNEL);
  await expect(panel(page).getByRole('status').filter({ hasText: ko.chat.status.connecting })).toBeVisible();
  const text = `연결 전에 쓴 인사 ${Date.now() % 100_000}`;
  await input(page).fill(text);
  await input(page).press('Enter');
  await expect(panel(page).getByRole('status').filter({ hasText: ko.chat.queued })).toBeVisible();
  await expect(input(page)).toHaveValue(text);
  await expect(panel(page).getByRole('button', { name: ko.chat.send })).toBeDisabled(); // not twice
  release();
  await expect(log(page).getByText(text)).toBeVisible();
  await expect(input(page)).toHaveValue('');
  await expect(panel(page).getByText(ko.chat.queued)).toHaveCount(0);
});

test('a member whose chat tickets keep being refused is told the session expired, after 10 retries 3 s apart', async ({ page }) => {
  // Refused and on the page's fake clock from the first load on (a member's ticket is given in the first test).
  let refused = 0;
  await page.route('**/api/chat/ticket', (route) => {
    refused += 1;
    return route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ error: { code: 'UNAUTHORIZED', message: ko.chat.unauthorized } }) });
  });
  await page.clock.install();
  await signIn(page, 'demo_viewer', PASSWORD, CHANNEL);
  await expect.poll(() => refused).toBe(1);
  // Fake time moves 1 s a step; each ticket call is a real request in between.
  const clockAt = () => page.evaluate(() => Date.now());
  const refusedAfterASecond = async () => {
    await page.clock.runFor(1_000);
    return refused;
  };
  const start = await clockAt();
  const steps = { timeout: 30_000, intervals: [50] }; // fake seconds, not real ones
  await expect.poll(refusedAfterASecond, steps).toBe(6);
  expect((await clockAt()) - start).toBeGreaterThanOrEqual(15_000); // five retries, 3 s apart
  await expect(panel(page).getByRole('alert')).toHaveCount(0);
  await expect.poll(refusedAfterASecond, steps).toBe(11);
  await expect(panel(page).getByRole('alert')).toContainText(ko.chat.sessionExpired);
  await page.clock.runFor(60_000);
  expect(refused).toBe(11); // the first try and 10 retries, then no more
  await expect(input(page)).toBeDisabled();
  await expect(panel(page).getByRole('button', { name: ko.chat.relogin })).toBeVisible();
});
