// Agencies: demo_agency (an agency account, seeded) invites a creator from its own page with a PDF
// contract; the creator sees the badge in the studio, opens the invite, downloads the contract through its
// signed link, accepts, and the studio shows the channel with the agency. The creator is this file's own.
import { addChannel, addMembers, expect, expectNoSeriousA11yViolations, gotoHydrated, ko, person, test, url, fill } from './fixtures';

const suffix = Date.now().toString(36).slice(-6);
const CREATOR = { loginId: `agc${suffix}`, nickname: `소속될${suffix}` };
const AGENCY_NAME = '데모엔터테인먼트';
const CONTRACT = Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF ${suffix}\n`);

test.beforeAll(async () => {
  await addMembers(CREATOR);
  await addChannel(CREATOR.loginId, `e2e-agency ${suffix}`);
});

test('an agency invites a creator with a contract; the creator downloads it and accepts; the channel shows linked', async ({ browser }) => {
  // Two browsers sign in at once: the agency to its page, the creator to the studio.
  const [agency, creator] = await Promise.all([person(browser, 'demo_agency', '/agency', { acceptDownloads: true }), person(browser, CREATOR.loginId, '/caster', { acceptDownloads: true })]);
  const form = agency.page.getByRole('form', { name: ko.agency.page.invite });
  await form.getByLabel(ko.agency.page.loginId).fill(CREATOR.loginId);
  await form.getByLabel(ko.agency.page.message).fill('함께 방송해요');
  await form.getByLabel(ko.agency.page.contract).setInputFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: CONTRACT });
  await form.getByRole('button', { name: ko.agency.page.send }).click();
  await expect(agency.page.getByRole('status').filter({ hasText: fill(ko.agency.page.sent, { loginId: CREATOR.loginId }) })).toBeVisible();
  await expect(agency.page.getByRole('cell', { name: `${CREATOR.nickname} (${CREATOR.loginId})` })).toBeVisible();
  await expectNoSeriousA11yViolations(agency.page);

  // The creator's studio, loaded again: not linked yet, and a badge for the new invite.
  await gotoHydrated(creator.page, url('flex', '/caster'));
  await expect(creator.page.getByTestId('agency-link-state')).toHaveText(ko.agency.invites.notLinked);
  await expect(creator.page.getByText(fill(ko.agency.badge, { count: 1 }))).toBeVisible();
  await creator.page.getByRole('link', { name: ko.agency.invites.link }).click();
  await expect(creator.page.getByRole('heading', { level: 1, name: ko.agency.invites.title })).toBeVisible();
  await expect(creator.page.locator('html')).toHaveAttribute('data-hydrated', 'true');

  await creator.page.getByRole('button', { name: ko.agency.invites.open }).click();
  const invite = creator.page.getByRole('article', { name: fill(ko.agency.invites.from, { name: AGENCY_NAME }) });
  await expect(invite.getByText('함께 방송해요')).toBeVisible();
  await expectNoSeriousA11yViolations(creator.page);

  // The contract comes through a signed link, as a download of the very bytes the agency sent.
  const downloading = creator.page.waitForEvent('download');
  await invite.getByRole('button', { name: ko.agency.invites.contract }).click();
  const download = await downloading;
  expect(download.url()).toMatch(/\/api\/agency-contracts\/[A-Za-z0-9_-]{32}\.pdf\?expires=\d+&signature=/);
  const saved = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(saved).equals(CONTRACT)).toBe(true);

  await invite.getByRole('button', { name: ko.agency.invites.accept }).click();
  await expect(invite.getByRole('status')).toHaveText(fill(ko.agency.invites.accepted, { name: AGENCY_NAME }));
  await expect(creator.page.getByTestId('agency-link-state')).toHaveText(fill(ko.agency.invites.linked, { name: AGENCY_NAME }));
  await expect(invite.getByRole('button', { name: ko.agency.invites.accept })).toHaveCount(0);

  // The studio after a fresh load: linked, and no badge left.
  await gotoHydrated(creator.page, url('flex', '/caster'));
  await expect(creator.page.getByTestId('agency-link-state')).toHaveText(fill(ko.agency.invites.linked, { name: AGENCY_NAME }));
  await expect(creator.page.getByText(fill(ko.agency.badge, { count: 1 }))).toHaveCount(0);
  // The agency's list says so too.
  await gotoHydrated(agency.page, url('flex', '/agency'));
  await expect(agency.page.getByRole('row', { name: new RegExp(CREATOR.loginId) })).toContainText(ko.agency.invites.status.accepted);
  expect([...agency.errors, ...creator.errors]).toEqual([]);
});
