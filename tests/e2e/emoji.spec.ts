// Emoji: a creator adds an emoji of their channel in the studio; on the channel page the picker
// (keyboard only) puts it and a common one into the chat input; another viewer, in a browser of their own,
// sees both drawn as images the room vouched for, and stars one, which then leads their picker.
import type { Page } from '@playwright/test';
import { addChannel, addMembers, expect, expectNoSeriousA11yViolations, ko, person, png, test, url, fill } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const CREATOR = { loginId: `emo${suffix}`, nickname: `이모방${suffix}` };
const CODE = `wave${suffix}`;
const TITLE = `손인사${suffix}`;
const PATH = `/channel/${CREATOR.loginId}`;

/** A real 48x48 PNG (a green square with a white bar), so browsers decode and draw it. */
const realPng = () => png(48, 48, (_, y) => (y > 20 && y < 28 ? [255, 255, 255] : [30, 160, 80]));

test.beforeAll(async () => {
  await addMembers(CREATOR);
  await addChannel(CREATOR.loginId, `e2e-emoji ${suffix}`);
});

const log = (page: Page) => page.getByRole('log', { name: ko.chat.log });
const joined = (page: Page) => expect(page.getByRole('region', { name: ko.chat.title }).getByRole('status').filter({ hasText: ko.chat.status.open })).toBeVisible();

test('an emoji goes from the picker into chat and renders for another viewer', async ({ browser }) => {
  // Two browsers sign in at once: the creator to the studio, a viewer to the channel page.
  const [creator, viewer] = await Promise.all([person(browser, CREATOR.loginId, '/caster?section=community'), person(browser, 'demo_viewer', PATH)]);
  // The studio: the creator's own emoji, from a real PNG.
  const studio = creator.page.getByRole('region', { name: ko.emoji.studio.title });
  await studio.getByLabel(ko.emoji.studio.code).fill(CODE);
  await studio.getByLabel(ko.emoji.studio.name).fill(TITLE);
  await studio.getByLabel(ko.emoji.studio.image).setInputFiles({ name: 'wave.png', mimeType: 'image/png', buffer: realPng() });
  await studio.getByRole('button', { name: ko.emoji.studio.add }).click();
  await expect(studio.getByRole('img', { name: TITLE })).toBeVisible();

  await joined(viewer.page);

  // The creator's channel page (in-app navigation from the studio): the picker by keyboard alone.
  await creator.page.getByRole('link', { name: ko.caster.viewChannel }).click();
  await expect(creator.page).toHaveURL(url('flex', PATH));
  await joined(creator.page);
  const toggle = creator.page.getByRole('button', { name: ko.emoji.picker.open });
  await toggle.focus();
  await creator.page.keyboard.press('Enter');
  const picker = creator.page.getByRole('group', { name: ko.emoji.picker.title });
  await expect(picker.getByRole('button', { name: fill(ko.emoji.picker.insert, { title: TITLE }) })).toBeVisible();
  await expect(picker.getByLabel(ko.emoji.picker.search)).toBeFocused();
  await expectNoSeriousA11yViolations(creator.page);
  await picker.getByLabel(ko.emoji.picker.search).fill(suffix);
  await creator.page.keyboard.press('Tab'); // the close button
  await creator.page.keyboard.press('Tab'); // the first emoji: the channel's own, found by the search
  await expect(picker.getByRole('button', { name: fill(ko.emoji.picker.insert, { title: TITLE }) })).toBeFocused();
  await creator.page.keyboard.press('Enter');
  await expect(creator.page.getByLabel(ko.chat.inputLabel)).toBeFocused();
  await expect(creator.page.getByLabel(ko.chat.inputLabel)).toHaveValue(`:${CODE}: `);
  await creator.page.getByRole('button', { name: ko.emoji.picker.open }).click();
  await picker.getByRole('button', { name: fill(ko.emoji.picker.insert, { title: '미소' }) }).click(); // a common one
  await creator.page.keyboard.type('안녕 :notanemoji:');
  await creator.page.keyboard.press('Enter');

  // The other viewer: both drawn as images (decoded), the unknown code left as words.
  const line = log(viewer.page).locator('.chat-message').filter({ hasText: ':notanemoji:' });
  const own = line.getByRole('img', { name: `:${CODE}:` });
  const common = line.getByRole('img', { name: ':smile:' });
  await expect(own).toBeVisible();
  await expect(common).toBeVisible();
  await expect.poll(() => own.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(48);
  await expect.poll(() => common.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(64);
  expect(await own.getAttribute('src')).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{32}\.png$/);

  // The viewer stars the creator's emoji: it leads their picker, under Favorites.
  await viewer.page.getByRole('button', { name: ko.emoji.picker.open }).click();
  const viewerPicker = viewer.page.getByRole('group', { name: ko.emoji.picker.title });
  const star = viewerPicker.getByRole('button', { name: fill(ko.emoji.picker.favorite, { title: TITLE }) });
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await expect(star).toBeFocused(); // in its new place, under Favorites
  await expect(viewerPicker.getByRole('region', { name: ko.emoji.picker.favorites }).getByRole('button', { name: fill(ko.emoji.picker.insert, { title: TITLE }) })).toBeVisible();
  await viewer.page.keyboard.press('Escape');
  await expect(viewerPicker).toHaveCount(0);
  await expect(viewer.page.getByRole('button', { name: ko.emoji.picker.open })).toBeFocused();
  expect([...creator.errors, ...viewer.errors]).toEqual([]);
});
