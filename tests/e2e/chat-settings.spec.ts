// Chat moderation and channel switches in the browser: a kicked member comes back with the panel's rejoin button
// (a banned one gets no button), and operators' channel settings changes reach an open channel page
// through the room's CHANNELING_SETTING_UPDATE event, without a reload. The ops command's own change
// (KV only) is what the edge's 10-minute copy hides until a fresh read.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { LOOPBACK, PORT, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, ops, signIn, test, url, openTestLive, removeTestLives, fill } from './fixtures';

const PASSWORD = 'demo-pass-1234';
const MARK = 'e2e-chat-settings'; // titles of the lives this file opens, so it removes exactly those
const GAME = { id: 2, loginId: 'demo_caster2', nickname: '게임하는별' };
const ADULT = { id: 3, loginId: 'demo_caster3' };
const OPERATOR = 'demo_caster4';

interface Person {
  context: BrowserContext;
  page: Page;
  /** Uncaught errors in the page (console noise such as a player's 404 is not counted). */
  errors: string[];
}

/** A browser of its own (cookies, session); signed in as `loginId`, or a guest when null. */
async function person(browser: Browser, loginId: string | null, path: string, { fakeClock = false } = {}): Promise<Person> {
  const context = await browser.newContext({ locale: 'ko-KR' });
  await context.addInitScript(() => window.sessionStorage.setItem('showPopup', 'false'));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Time still flows; the test may jump it forward (the rejoin countdown).
  if (fakeClock) await page.clock.install();
  if (loginId) await signIn(page, loginId, PASSWORD, path);
  else await gotoHydrated(page, url('flex', path));
  return { context, page, errors };
}

const panel = (page: Page) => page.getByRole('region', { name: ko.chat.title });
const log = (page: Page) => page.getByRole('log', { name: ko.chat.log });
const input = (page: Page) => page.getByLabel(ko.chat.inputLabel);
const joined = (page: Page) => expect(panel(page).getByRole('status').filter({ hasText: ko.chat.status.open })).toBeVisible();

async function say(page: Page, text: string): Promise<void> {
  await input(page).fill(text);
  await input(page).press('Enter');
}

/** The creator picks `choice` from the moderation menu on `nickname`'s latest line. */
async function moderate(creator: Page, nickname: string, choice: string): Promise<void> {
  await log(creator)
    .getByRole('button', { name: fill(ko.chat.member.menu, { nickname }) })
    .last()
    .click();
  await creator
    .getByRole('group', { name: fill(ko.chat.moderate, { nickname }) })
    .getByRole('button', { name: choice, exact: true })
    .click();
}

test.describe.configure({ mode: 'serial' });

test('a kicked member sees why, waits out the cooldown, rejoins with the button and writes again; a banned one gets no button', async ({ browser }) => {
  const creator = await person(browser, GAME.loginId, `/channel/${GAME.loginId}`);
  const member = await person(browser, 'demo_minor', `/channel/${GAME.loginId}`, { fakeClock: true });
  try {
    await joined(creator.page);
    await joined(member.page);
    const hello = `안녕하세요 ${Date.now()}`;
    await say(member.page, hello);
    await expect(log(creator.page)).toContainText(hello);

    // A kick from the menu: 60 s before the room takes them back (CHAT_DEFAULT_KICK_S).
    await moderate(creator.page, '데모청소년', ko.chat.mod.kick);
    await expect(panel(member.page).getByRole('alert')).toContainText(ko.chat.errors.KICKED);
    const rejoin = panel(member.page).getByRole('button', { name: ko.chat.rejoin });
    await expect(rejoin).toBeDisabled();
    await expect(panel(member.page).getByText(new RegExp(ko.chat.rejoinIn.replace('{{count}}', '(5\\d|60)')))).toBeVisible();
    await expect(rejoin).toHaveAccessibleDescription(new RegExp(ko.chat.rejoinIn.replace('{{count}}', '\\d+')));
    await expect(input(member.page)).toBeDisabled();
    await expectNoSeriousA11yViolations(member.page);
    // The lines stay on screen while kicked.
    await expect(log(member.page)).toContainText(hello);

    // The creator lifts the cooldown early (unblacklist clears it); the member's countdown runs out.
    await moderate(creator.page, '데모청소년', ko.chat.mod.unblacklist);
    await member.page.clock.fastForward(61_000);
    await expect(rejoin).toBeEnabled();
    await expect(panel(member.page).getByText(new RegExp(ko.chat.rejoinIn.replace('{{count}}', '\\d+')))).toHaveCount(0);
    await rejoin.click();
    await joined(member.page);
    await expect(rejoin).toHaveCount(0);
    await expect(input(member.page)).toBeEnabled();
    const back = `다시 왔어요 ${Date.now()}`;
    await say(member.page, back);
    await expect(log(creator.page)).toContainText(back);
    await expect(log(member.page)).toContainText(hello); // no duplicate history, nothing lost
    expect(await log(member.page).locator('.chat-message').filter({ hasText: hello }).count()).toBe(1);

    // A ban: the message, and no way back from the panel.
    await moderate(creator.page, '데모청소년', ko.chat.mod.blacklist);
    await expect(panel(member.page).getByRole('alert')).toContainText(ko.chat.errors.BANNED);
    await expect(panel(member.page).getByRole('button', { name: ko.chat.rejoin })).toHaveCount(0);
    await expect(input(member.page)).toBeDisabled();
    await member.page.clock.fastForward(10 * 60_000);
    await expect(panel(member.page).getByRole('button', { name: ko.chat.rejoin })).toHaveCount(0);
    await moderate(creator.page, '데모청소년', ko.chat.mod.unblacklist); // leave the room as it was
    expect(creator.errors).toEqual([]);
    expect(member.errors).toEqual([]);
  } finally {
    await creator.context.close();
    await member.context.close();
  }
});

/** PUT /api/admin/channeling-switching from the operator's page (their cookies and XSRF token). */
function changeSettings(operator: Page, patch: Record<string, boolean>): Promise<{ status: number; body: { notifiedRooms?: number; settings?: Record<string, unknown> } }> {
  return operator.evaluate(async (body) => {
    const xsrf = decodeURIComponent(
      document.cookie
        .split('; ')
        .find((c) => c.startsWith('XSRF-TOKEN='))
        ?.slice('XSRF-TOKEN='.length) ?? '',
    );
    const res = await fetch('/api/admin/channeling-switching', { method: 'PUT', headers: { 'content-type': 'application/json', 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  }, patch);
}

/** The settings as the edge answers them; `fresh` asks past its 10-minute copy. */
async function edgeSettings(fresh: boolean): Promise<Record<string, unknown>> {
  const ask = () => fetch(`${LOOPBACK}/api/guest/channeling-switching`, { headers: { host: `flex.localhost:${PORT}`, ...(fresh ? { 'cache-control': 'no-cache' } : {}) } });
  // A kept-alive connection the server closed while `ops` ran fails at once ("other side closed"): ask again once.
  const res = await ask().catch(ask);
  expect(res.status).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const gate = (page: Page) => page.getByRole('region', { name: ko.channel.restricted });

test('an operator switches broadcasting and adult broadcasting off and on: open channel pages follow without a reload', async ({ browser }) => {
  test.setTimeout(120_000);
  await openTestLive(GAME.id, `${MARK} 게임`);
  await openTestLive(ADULT.id, `${MARK} 심야`);
  expect(ops('role', OPERATOR, 'O')).toContain(`role of ${OPERATOR} is now O`);
  const people: Person[] = [];
  let operator: Person | null = null;
  try {
    const game = await person(browser, null, `/channel/${GAME.loginId}`);
    // An identity-verified adult: the adult live plays for them (and its room takes them).
    const adult = await person(browser, 'demo_viewer', `/channel/${ADULT.loginId}`);
    people.push(game, adult);
    for (const { page } of people) {
      await joined(page); // the room's events reach the page through its chat socket
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    }
    for (const { page } of people) {
      await expect(page.locator('.player')).toHaveCount(1);
      await expect(gate(page)).toHaveCount(0);
    }

    operator = await person(browser, OPERATOR, '/');
    // Broadcasting off: every live is unavailable, the localized state the server would render.
    const off = await changeSettings(operator.page, { broadcasting: false });
    expect(off.status).toBe(200);
    expect(off.body.notifiedRooms).toBeGreaterThanOrEqual(2);
    for (const { page } of people) await expect(gate(page)).toContainText(ko.channel.unavailable, { timeout: 5_000 });
    await expect(game.page.locator('.player')).toHaveCount(0);
    await expectNoSeriousA11yViolations(game.page);

    // Back on: the pages reload their data in place (a signed URL for the adult live) and play again.
    expect((await changeSettings(operator.page, { broadcasting: true })).status).toBe(200);
    for (const { page } of people) {
      await expect(page.locator('.player')).toHaveCount(1, { timeout: 5_000 });
      await expect(gate(page)).toHaveCount(0);
    }

    // Adult broadcasting off: only the adult live goes; back on, its gate follows again.
    expect((await changeSettings(operator.page, { adultBroadcast: false })).status).toBe(200);
    await expect(gate(adult.page)).toContainText(ko.channel.unavailable, { timeout: 5_000 });
    await expect(game.page.locator('.player')).toHaveCount(1);
    expect((await changeSettings(operator.page, { adultBroadcast: true })).status).toBe(200);
    await expect(adult.page.locator('.player')).toHaveCount(1, { timeout: 5_000 });
    await expect(gate(adult.page)).toHaveCount(0);

    for (const { page } of people) expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // A plain member is refused, and nothing changes.
    const refused = await changeSettings(adult.page, { broadcasting: false });
    expect(refused).toMatchObject({ status: 403, body: { error: { message: ko.errors.staffOnly } } });
    expect((await edgeSettings(true)).broadcasting).toBe(true);
    for (const { errors } of people) expect(errors).toEqual([]);
  } finally {
    // Leave the settings as seeded, through the route that also drops the edge's copy.
    if (operator) expect((await changeSettings(operator.page, { broadcasting: true, adultBroadcast: true })).status).toBe(200);
    for (const { context } of [...people, ...(operator ? [operator] : [])]) await context.close();
    ops('role', OPERATOR, 'V');
    await removeTestLives(MARK);
  }
});

test('the ops command changes KV only: the edge keeps its copy until a fresh read', async () => {
  expect((await edgeSettings(true)).adultPlusBroadcast).toBe(false);
  try {
    expect(ops('channeling', 'adultPlusBroadcast', 'true')).toContain('channeling adultPlusBroadcast true (local)');
    expect((await edgeSettings(false)).adultPlusBroadcast).toBe(false); // the 10-minute copy
    expect((await edgeSettings(true)).adultPlusBroadcast).toBe(true);
    expect(JSON.parse(ops('channeling').trim())).toMatchObject({ adultPlusBroadcast: true, broadcasting: true });
    expect(() => ops('channeling', 'bank_code', 'true')).toThrow(); // only the switches, only true or false
    expect(() => ops('channeling', 'broadcasting', 'yes')).toThrow();
  } finally {
    ops('channeling', 'adultPlusBroadcast', 'false');
    expect((await edgeSettings(true)).adultPlusBroadcast).toBe(false);
  }
});
