// Channel notices: a creator writes a pinned notice with an image on their channel page; a
// guest, in a browser of their own, sees it pinned on the page (the cached guest page was purged), moves
// through the channel tabs with the keyboard alone, and reads the notice and its image. The creator, the
// channel and a recording are this file's own.
import type { Page } from '@playwright/test';
import { addChannel, addMembers, d1, expect, expectNoSeriousA11yViolations, ko, person, png, test, sql } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const CREATOR = { loginId: `ntc${suffix}`, nickname: `공지방${suffix}` };
const CHANNEL = `e2e-notices ${suffix}`;
const PATH = `/channel/${CREATOR.loginId}`;
const NOTICE = { title: `방송 일정 ${suffix}`, body: '이번 주 방송은\n금요일 밤 9시에 합니다.' };

/** A real 40x20 PNG (a red and blue split), so the viewer's browser has something to decode and draw. */
const realPng = () => png(40, 20, (x) => (x < 20 ? [220, 30, 40] : [30, 60, 220]));

test.beforeAll(async () => {
  await addMembers(CREATOR);
  await addChannel(CREATOR.loginId, CHANNEL);
  // Four recordings, the newest last: the recordings tab shows them all on its first page.
  for (let i = 3; i >= 0; i--) {
    const started = Date.now() - (i + 1) * 3_600_000;
    const title = i === 0 ? `지난 방송 ${suffix}` : `그 전 방송 ${i} ${suffix}`;
    await d1(
      sql`INSERT INTO streams (channel_id, kind, source, title, started_at, ended_at, duration_ms)
          SELECT c.id, 2, 'flex', ${title}, ${started}, ${started + 600_000}, 600000 FROM channels c WHERE c.title = ${CHANNEL}`,
    );
  }
});

const tabs = (page: Page) => page.getByRole('tablist', { name: ko.channelProfile.tabs.label });

test('a creator posts a notice with an image; a guest reads it, moving through the channel tabs by keyboard', async ({ browser }) => {
  // The creator, on their own channel page: the notices tab, the editor, an image, pinned.
  const { context: creatorContext, page: creator, errors: creatorErrors } = await person(browser, CREATOR.loginId, PATH);
  await tabs(creator).getByRole('tab', { name: ko.channelProfile.tabs.notices }).click();
  await expect(creator.getByText(ko.notice.empty)).toBeVisible();
  await creator.getByRole('button', { name: ko.notice.write }).click();
  const editor = creator.getByRole('form', { name: ko.notice.write });
  await editor.getByLabel(ko.notice.title).fill(NOTICE.title);
  await editor.getByLabel(ko.notice.body).fill(NOTICE.body);
  await editor.getByLabel(ko.notice.images).setInputFiles({ name: 'schedule.png', mimeType: 'image/png', buffer: realPng() });
  await editor.getByLabel(ko.notice.pin).check();
  await expectNoSeriousA11yViolations(creator);
  await editor.getByRole('button', { name: ko.notice.submit }).click();
  // Saved: the notice's own page shows in the tab, with the image the server stored.
  await expect(creator.getByRole('heading', { name: NOTICE.title })).toBeVisible();
  await expect(creator.getByRole('img', { name: ko.notice.imageAlt.replace('{{n}}', '1') })).toBeVisible();
  // The tab counts it at once (the page's own data still says none).
  await expect(tabs(creator).getByRole('tab', { name: `${ko.channelProfile.tabs.notices} (1)` })).toBeVisible();
  expect(creatorErrors).toEqual([]);

  // A guest, in a browser of their own.
  const { context: guestContext, page: guest, errors: guestErrors } = await person(browser, null, PATH);
  // The pinned notice is on the page itself, its image decoded.
  const pinned = guest.getByRole('region', { name: new RegExp(NOTICE.title) });
  await expect(pinned).toBeVisible();
  await expect(pinned.getByText('금요일 밤 9시에 합니다.')).toBeVisible();
  const pinnedImage = pinned.getByRole('img', { name: ko.notice.imageAlt.replace('{{n}}', '1') });
  await expect.poll(() => pinnedImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);

  // The tabs by keyboard alone: focus the selected tab, arrows move and select (live, recordings, clips, notices),
  // Enter opens a notice.
  const liveTab = tabs(guest).getByRole('tab', { name: ko.channelProfile.tabs.live });
  await expect(liveTab).toHaveAttribute('aria-selected', 'true');
  await liveTab.focus();
  await expect(guest.getByRole('tabpanel')).toContainText(`지난 방송 ${suffix}`);
  await guest.keyboard.press('ArrowRight');
  const recordedTab = tabs(guest).getByRole('tab', { name: ko.channelProfile.tabs.recorded });
  await expect(recordedTab).toBeFocused();
  await expect(recordedTab).toHaveAttribute('aria-selected', 'true');
  const recordedPanel = guest.getByRole('tabpanel', { name: ko.channelProfile.tabs.recorded });
  await expect(recordedPanel).toContainText(`지난 방송 ${suffix}`);
  await expect(recordedPanel.getByRole('link', { name: `그 전 방송 3 ${suffix}` })).toBeVisible(); // all four on one page
  await expect(recordedPanel.getByRole('listitem')).toHaveCount(4);
  await guest.keyboard.press('ArrowRight');
  const clipsTab = tabs(guest).getByRole('tab', { name: ko.clip.tab });
  await expect(clipsTab).toBeFocused();
  await expect(guest.getByRole('tabpanel', { name: ko.clip.tab })).toContainText(ko.clip.empty);
  await guest.keyboard.press('ArrowRight');
  const noticesTab = tabs(guest).getByRole('tab', { name: new RegExp(ko.channelProfile.tabs.notices) });
  await expect(noticesTab).toBeFocused();
  await expect(noticesTab).toHaveAttribute('aria-selected', 'true');
  const panel = guest.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { name: ko.notice.list })).toBeVisible();
  // The list has come (the panel fetches it when first opened); a guest may not write.
  const item = panel.getByRole('button', { name: new RegExp(NOTICE.title) });
  await expect(item).toBeVisible();
  await expect(panel.getByRole('button', { name: ko.notice.write })).toHaveCount(0);
  await expect(noticesTab).toBeFocused();
  await guest.keyboard.press('Tab');
  await expect(item).toBeFocused();
  await guest.keyboard.press('Enter');
  await expect(panel.getByRole('heading', { name: NOTICE.title })).toBeVisible();
  const image = panel.getByRole('img', { name: ko.notice.imageAlt.replace('{{n}}', '1') });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(40);
  await expect(panel.getByRole('button', { name: ko.notice.edit })).toHaveCount(0);
  // Home wraps around to the first tab.
  await noticesTab.focus();
  await guest.keyboard.press('Home');
  await expect(liveTab).toBeFocused();
  await expect(liveTab).toHaveAttribute('aria-selected', 'true');
  await expectNoSeriousA11yViolations(guest);
  expect(guestErrors).toEqual([]);

  await creatorContext.close();
  await guestContext.close();
});
