import { SELF, env } from 'cloudflare:test';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AgencyHasNew, AgencyInvite, AgencyInviteList, ContractDownload, SentInviteList } from '../../src/shared/agency-schemas';
import { get, ok, refused } from './helpers';
import { file, pdf, png } from './upload-fixtures';
import { clearWatchTables, creatorWithChannel, signedIn } from './watch-fixtures';
import { uniqueTag } from './unique';

// Agencies: an agency account invites a creator with a contract; only that creator reads the
// invite, downloads the contract through a signed, expiring link and answers it; accepting links the
// channel, declining and expiry do not.

beforeEach(clearWatchTables);

async function agencyAccount() {
  const agency = await signedIn();
  await env.DB.prepare('INSERT INTO agencies (member_id, name, created_at) VALUES (?, ?, 0)').bind(agency.id, `소속사${uniqueTag()}`).run();
  return agency;
}

function inviteForm(fields: Record<string, string>, contract?: File): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (contract) form.append('contract', contract);
  return form;
}

const sendInvite = (agency: Awaited<ReturnType<typeof agencyAccount>>, form: FormData) => agency.browser.fetch('/api/agency/invites', { method: 'POST', body: form });
const channelAgencyId = async (channelId: number) => (await env.DB.prepare('SELECT agency_id AS a FROM channels WHERE id = ?').bind(channelId).first<{ a: number | null }>())!.a;

describe('agency pages', () => {
  it('the invite page and the agency page are for members: a guest goes to sign-in and comes back', async () => {
    for (const path of ['/my/agency-invites', '/agency']) {
      const guest = await get(path);
      expect(guest.status, path).toBe(302);
      expect(guest.headers.get('location'), path).toContain(`callbackURL=${encodeURIComponent(path)}`);
    }
    const member = await signedIn();
    const page = await member.browser.fetch('/my/agency-invites', { headers: { 'x-page-props': '1' } });
    expect(page.status).toBe(200);
    expect(((await page.json()) as { page: string }).page).toBe('AGENCY_INVITES');
    const agencyPage = await member.browser.fetch('/agency', { headers: { 'x-page-props': '1' } });
    expect(((await agencyPage.json()) as { page: string }).page).toBe('AGENCY');
  });

  it('a brand without agency invites (shell) has neither the pages nor the calls', async () => {
    for (const path of ['/my/agency-invites', '/agency', '/api/my/agency-invites/has-new', '/api/agency/invites', `/api/agency-contracts/${'a'.repeat(32)}.pdf?expires=1&signature=x`]) {
      expect((await get(path, { host: 'shell.localhost' })).status, path).toBe(404);
    }
  });
});

describe('agency invites', () => {
  it('invite, badge, read, signed contract, accept: the channel joins the agency', async () => {
    const agency = await agencyAccount();
    const { creator, channel } = await creatorWithChannel();
    const invite = await ok<AgencyInvite>(await sendInvite(agency, inviteForm({ loginId: creator.loginId, message: '함께해요', days: '7' }, file(pdf(), 'contract.png'))));
    expect(invite).toMatchObject({ channelId: channel.id, status: 'pending', message: '함께해요', readAt: null, creator: { loginId: creator.loginId } });
    expect(invite.expiresAt - invite.createdAt).toBe(7 * 24 * 60 * 60 * 1000);
    expect(invite.contractUrl).toMatch(/^\/api\/agency-contracts\/[A-Za-z0-9_-]{32}\.pdf$/);
    expect((await ok<SentInviteList>(await agency.browser.fetch('/api/agency/invites'))).items.map((i) => i.inviteId)).toEqual([invite.inviteId]);

    expect(await ok<AgencyHasNew>(await creator.browser.fetch('/api/my/agency-invites/has-new'))).toEqual({ hasNew: true, count: 1 });
    const mine = await ok<AgencyInviteList>(await creator.browser.fetch('/api/my/agency-invites/me'));
    expect(mine.agency).toBeNull();
    expect(mine.items.map((i) => i.inviteId)).toEqual([invite.inviteId]);
    const opened = await ok<AgencyInvite>(await creator.browser.fetch(`/api/my/agency-invites/${invite.inviteId}`));
    expect(opened.readAt).not.toBeNull();
    expect(await ok<AgencyHasNew>(await creator.browser.fetch('/api/my/agency-invites/has-new'))).toEqual({ hasNew: false, count: 0 });

    // The contract: nothing without a signature, never through the public upload route.
    const key = invite.contractUrl!.split('/').pop()!;
    await refused(await get(invite.contractUrl!), 403, 'CONTRACT_LINK_INVALID');
    expect((await get(`/api/uploads/${key}`)).status).toBe(404);
    const link = await ok<ContractDownload>(await creator.browser.json('/api/my/agency-invites/download-url', { url: invite.contractUrl }));
    expect(link.expiresAt).toBeGreaterThan(Date.now());
    const download = await get(link.url);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf());
    // A signature of another expiry, or a link past its time, opens nothing.
    const url = new URL(link.url, 'http://x');
    await refused(await get(`${url.pathname}?expires=${link.expiresAt + 1000}&signature=${url.searchParams.get('signature')}`), 403, 'CONTRACT_LINK_INVALID');

    const accepted = await ok<AgencyInvite>(await creator.browser.json(`/api/my/agency-invites/${invite.inviteId}/respond`, { type: 'accept' }));
    expect(accepted).toMatchObject({ status: 'accepted' });
    expect(await channelAgencyId(channel.id)).toBe(agency.id);
    expect((await ok<AgencyInviteList>(await creator.browser.fetch('/api/my/agency-invites/me'))).agency?.loginId).toBe(agency.loginId);
    await refused(await creator.browser.json(`/api/my/agency-invites/${invite.inviteId}/respond`, { type: 'decline' }), 409, 'INVITE_ANSWERED');
    expect(await channelAgencyId(channel.id)).toBe(agency.id);
    await refused(await sendInvite(agency, inviteForm({ loginId: creator.loginId })), 409, 'ALREADY_LINKED');
  });

  it("others cannot read, answer or download someone's invite: another member, another creator, the agency itself, a guest", async () => {
    const agency = await agencyAccount();
    const { creator, channel } = await creatorWithChannel();
    const invite = await ok<AgencyInvite>(await sendInvite(agency, inviteForm({ loginId: creator.loginId }, file(pdf(), 'c.pdf'))));
    const other = await creatorWithChannel();
    for (const who of [other.creator, agency]) {
      await refused(await who.browser.fetch(`/api/my/agency-invites/${invite.inviteId}`), 404, 'INVITE_NOT_FOUND');
      await refused(await who.browser.json(`/api/my/agency-invites/${invite.inviteId}/respond`, { type: 'accept' }), 404, 'INVITE_NOT_FOUND');
      await refused(await who.browser.json('/api/my/agency-invites/download-url', { url: invite.contractUrl }), 404, 'CONTRACT_NOT_FOUND');
      expect((await ok<AgencyInviteList>(await who.browser.fetch('/api/my/agency-invites/me'))).items).toEqual([]);
    }
    for (const [method, path, body] of [
      ['GET', `/api/my/agency-invites/${invite.inviteId}`, undefined],
      ['GET', '/api/my/agency-invites/has-new', undefined],
      ['POST', `/api/my/agency-invites/${invite.inviteId}/respond`, { type: 'accept' }],
      ['POST', '/api/my/agency-invites/download-url', { url: invite.contractUrl }],
    ] as const) {
      const res = await SELF.fetch(`http://flex.localhost:8787${path}`, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
      expect([401, 403], path).toContain(res.status);
    }
    expect(await channelAgencyId(channel.id)).toBeNull();
    expect(await channelAgencyId(other.channel.id)).toBeNull();
    const row = await env.DB.prepare('SELECT status, read_at AS readAt FROM agency_invites WHERE id = ?').bind(invite.inviteId).first();
    expect(row).toEqual({ status: 'pending', readAt: null });

    // Only agencies invite; a contract must be a PDF by its bytes.
    await refused(await other.creator.browser.fetch('/api/agency/invites', { method: 'POST', body: inviteForm({ loginId: creator.loginId }) }), 403, 'NOT_AGENCY');
    await refused(await other.creator.browser.fetch('/api/agency/invites'), 403, 'NOT_AGENCY');
    await refused(await sendInvite(agency, inviteForm({ loginId: other.creator.loginId }, file(png(10, 10), 'contract.pdf', 'application/pdf'))), 415, 'UPLOAD_TYPE');
    await refused(await sendInvite(agency, inviteForm({ loginId: 'nobody_here' })), 404, 'CHANNEL_NOT_FOUND');
    await refused(await sendInvite(agency, inviteForm({ loginId: creator.loginId })), 409, 'INVITE_OPEN');
  });

  it('declining or letting an invite expire links nothing', async () => {
    const agency = await agencyAccount();
    const a = await creatorWithChannel();
    const b = await creatorWithChannel();
    const first = await ok<AgencyInvite>(await sendInvite(agency, inviteForm({ loginId: a.creator.loginId })));
    const second = await ok<AgencyInvite>(await sendInvite(agency, inviteForm({ loginId: b.creator.loginId })));
    expect(await ok<AgencyInvite>(await a.creator.browser.json(`/api/my/agency-invites/${first.inviteId}/respond`, { type: 'decline' }))).toMatchObject({ status: 'declined' });
    expect(await channelAgencyId(a.channel.id)).toBeNull();
    await refused(await a.creator.browser.json(`/api/my/agency-invites/${first.inviteId}/respond`, { type: 'accept' }), 409, 'INVITE_ANSWERED');
    expect(await channelAgencyId(a.channel.id)).toBeNull();

    await env.DB.prepare('UPDATE agency_invites SET created_at = created_at - 100000, expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, second.inviteId)
      .run();
    expect((await ok<AgencyInvite>(await b.creator.browser.fetch(`/api/my/agency-invites/${second.inviteId}`))).status).toBe('expired');
    expect(await ok<AgencyHasNew>(await b.creator.browser.fetch('/api/my/agency-invites/has-new'))).toEqual({ hasNew: false, count: 0 });
    await refused(await b.creator.browser.json(`/api/my/agency-invites/${second.inviteId}/respond`, { type: 'accept' }), 409, 'INVITE_EXPIRED');
    expect(await channelAgencyId(b.channel.id)).toBeNull();
    // The database holds the rule too: an expired invite cannot be accepted behind the service's back.
    await expect(env.DB.prepare("UPDATE agency_invites SET status = 'accepted', responded_at = ? WHERE id = ?").bind(Date.now(), second.inviteId).run()).rejects.toThrow(/AGENCY_INVITE_CLOSED/);
  });
});
