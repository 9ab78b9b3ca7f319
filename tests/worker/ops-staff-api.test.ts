// The staff API the ops commands call (scripts/ops/*.mjs through scripts/lib/staff-session.mjs) as the staff console
// does: staff only, bad input changes nothing, and every change is written to the staff audit log with it.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Inquiry } from '../../src/shared/cs-schemas';
import type { AgencyInvite, StaffAgency, StaffAgencyList, StaffInviteList } from '../../src/shared/agency-schemas';
import type { CouponMint } from '../../src/shared/shop-schemas';
import { listStaffAudit } from '../../src/db/staff-audit';
import { mintCoupons } from '../../src/api/services/coupons';
import { grantAgency } from '../../src/api/services/agencies-staff';
import { Browser, ok } from './helpers';
import { faultyDb } from './fault-db';
import { changedTables, dbDigest } from './security-sweep';
import { file, pdf } from './upload-fixtures';
import { uniqueTag } from './unique';
import { creatorWithChannel, json, signedIn } from './watch-fixtures';

async function staff() {
  const member = await signedIn();
  await env.DB.prepare("UPDATE members SET role = 'O' WHERE id = ?").bind(member.id).run();
  return member;
}

/** Guests get 401 and members without the role 403 on each call, and nothing changes. */
async function expectStaffOnly(calls: Array<[string, string, unknown?]>) {
  const member = await signedIn();
  const before = await dbDigest();
  for (const [who, browser, status] of [
    ['guest', new Browser(), 401],
    ['member', member.browser, 403],
  ] as const) {
    for (const [method, path, body] of calls) {
      const res = body === undefined ? await browser.fetch(path, { method }) : await browser.json(path, body, method);
      expect(res.status, `${who} ${method} ${path}`).toBe(status);
    }
  }
  expect(changedTables(before, await dbDigest())).toEqual([]);
}

const auditOf = (targetType: string, targetId: number) => listStaffAudit(env.DB, { limit: 10, targetType, targetId: String(targetId) });

describe('reports through the staff API (ops reports)', () => {
  async function fileReport(reporterId: number, targetLoginId: string): Promise<number> {
    const row = await env.DB.prepare("INSERT INTO cs_reports (reporter_id, target_type, target_id, reason, content, created_at) VALUES (?, 'member', ?, 'spam', 'words', ?) RETURNING id")
      .bind(reporterId, targetLoginId, Date.now())
      .first<{ id: number }>();
    return row!.id;
  }

  it('lists and closes for staff only; a close is audited in its batch; bad input is refused and changes nothing', async () => {
    const reporter = await signedIn();
    const id = await fileReport(reporter.id, 'someone');
    await expectStaffOnly([
      ['GET', '/api/admin/cs/reports'],
      ['PUT', `/api/admin/cs/reports/cs/${id}/close`],
    ]);

    const operator = await staff();
    const before = await dbDigest();
    for (const path of [`/api/admin/cs/reports/nope/${id}/close`, '/api/admin/cs/reports/cs/0/close', '/api/admin/cs/reports/cs/x/close']) {
      expect((await operator.browser.fetch(path, { method: 'PUT' })).status, path).toBe(400);
    }
    expect((await operator.browser.fetch('/api/admin/cs/reports?limit=5000')).status).toBe(400);
    expect((await operator.browser.fetch('/api/admin/cs/reports/cs/999999999/close', { method: 'PUT' })).status).toBe(404);
    expect(changedTables(before, await dbDigest())).toEqual([]);

    expect((await operator.browser.fetch(`/api/admin/cs/reports/cs/${id}/close`, { method: 'PUT' })).status).toBe(200);
    expect((await env.DB.prepare('SELECT status FROM cs_reports WHERE id = ?').bind(id).first<{ status: string }>())!.status).toBe('closed');
    const [row] = await auditOf('report.cs', id);
    expect(row).toMatchObject({ actorId: operator.id, action: 'report.close', before: { status: 'open' }, after: { status: 'closed' } });
  });
});

describe('inquiries through the staff API (ops inquiry)', () => {
  it('lists, shows and answers for staff only; an answer is audited in its batch; bad input is refused and changes nothing', async () => {
    const writer = await signedIn();
    const form = new FormData();
    for (const [k, v] of Object.entries({ boardType: 'QNA', categoryId: '2', title: '결제 문의', content: '두 번 결제되었어요.' })) form.set(k, v);
    const inquiry = await json<Inquiry>(await writer.browser.fetch('/api/cs/inquiry-write', { method: 'POST', body: form }));
    await expectStaffOnly([
      ['GET', '/api/admin/cs/inquiries'],
      ['PUT', `/api/admin/cs/inquiries/${inquiry.id}/answer`, { answer: '권한 없음' }],
    ]);
    // Another member reads no one else's inquiry (the ops `show` reads it as staff).
    expect((await (await signedIn()).browser.fetch(`/api/cs/inquiry-detail/${inquiry.id}`)).status).toBe(404);

    const operator = await staff();
    const before = await dbDigest();
    for (const body of [{}, { answer: '' }, { answer: 'x'.repeat(5000) }, { answer: 'ok', extra: 1 }]) {
      expect((await operator.browser.json(`/api/admin/cs/inquiries/${inquiry.id}/answer`, body, 'PUT')).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await operator.browser.json('/api/admin/cs/inquiries/999999999/answer', { answer: '없는 문의' }, 'PUT')).status).toBe(404);
    expect(changedTables(before, await dbDigest())).toEqual([]);

    const listed = await json<{ items: Inquiry[] }>(await operator.browser.fetch('/api/admin/cs/inquiries?status=open&limit=50'));
    expect(listed.items.map((i) => i.id)).toContain(inquiry.id);
    const answered = await json<Inquiry>(await operator.browser.json(`/api/admin/cs/inquiries/${inquiry.id}/answer`, { answer: '취소했습니다.' }, 'PUT'));
    expect(answered).toMatchObject({ status: 'answered', answer: '취소했습니다.' });
    expect(await json<Inquiry>(await operator.browser.fetch(`/api/cs/inquiry-detail/${inquiry.id}`))).toMatchObject({ answer: '취소했습니다.' });
    const [row] = await auditOf('inquiry', inquiry.id);
    expect(row).toMatchObject({ actorId: operator.id, action: 'inquiry.answer', before: { answer: null }, after: { answer: '취소했습니다.' } });
  });
});

describe('dormant accounts through the staff API (ops dormant)', () => {
  it('staff only; the account rests and its sessions end with an audit row; bad input is refused and changes nothing', async () => {
    const sleeper = await signedIn();
    await expectStaffOnly([['POST', '/api/admin/dormant', { loginId: sleeper.loginId }]]);

    const operator = await staff();
    const before = await dbDigest();
    for (const body of [{}, { loginId: '' }, { loginId: sleeper.loginId, extra: 1 }, { loginId: 7 }]) {
      expect((await operator.browser.json('/api/admin/dormant', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await operator.browser.json('/api/admin/dormant', { loginId: 'nobody_here_x' })).status).toBe(404);
    expect(changedTables(before, await dbDigest())).toEqual([]);

    const res = await operator.browser.json('/api/admin/dormant', { loginId: sleeper.loginId });
    expect(res.status).toBe(200);
    const { lastLoginAt } = await json<{ lastLoginAt: number }>(res);
    expect(lastLoginAt).toBeLessThan(Date.now() - 365 * 86_400_000);
    expect((await env.DB.prepare('SELECT last_login_at AS at FROM members WHERE id = ?').bind(sleeper.id).first<{ at: number }>())!.at).toBe(lastLoginAt);
    // Its session ended: the member's own calls are refused now.
    expect((await sleeper.browser.fetch('/api/cs/inquiry-list')).status).toBe(401);
    const [row] = await listStaffAudit(env.DB, { limit: 1, targetType: 'member', targetId: sleeper.loginId });
    expect(row).toMatchObject({ actorId: operator.id, action: 'member.dormant', after: { lastLoginAt } });
  });
});

describe('coupons through the staff API (ops coupon)', () => {
  const couponsOf = (mintId: string) =>
    env.DB.prepare('SELECT code, luv, expires_at AS expiresAt, max_redemptions AS uses FROM coupons WHERE mint_id = ? ORDER BY code')
      .bind(mintId)
      .all<{ code: string; luv: number; expiresAt: number; uses: number }>();

  it('staff only; codes and the audit row are written together; bad input is refused and changes nothing', async () => {
    await expectStaffOnly([['POST', '/api/admin/coupons', { luv: 100 }]]);

    const operator = await staff();
    const before = await dbDigest();
    for (const body of [{}, { luv: 0 }, { luv: 1.5 }, { luv: '100' }, { luv: 10_000_001 }, { luv: 100, count: 1001 }, { luv: 100, days: 0 }, { luv: 100, uses: 0 }, { luv: 100, extra: 1 }]) {
      const res = await operator.browser.json('/api/admin/coupons', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe('요청 내용을 확인해주세요.');
    }
    expect(changedTables(before, await dbDigest())).toEqual([]);

    const mint = await ok<CouponMint>(await operator.browser.json('/api/admin/coupons', { luv: 250, count: 3, days: 7, uses: 2 }));
    expect(mint.codes).toHaveLength(3);
    for (const code of mint.codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(mint.expiresAt).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    const rows = (await couponsOf(mint.mintId)).results;
    expect(rows.map((r) => r.code)).toEqual(mint.codes.map((c) => c.replaceAll('-', '')).sort());
    expect(rows.every((r) => r.luv === 250 && r.uses === 2 && r.expiresAt * 1000 === mint.expiresAt)).toBe(true);
    const [row] = await listStaffAudit(env.DB, { limit: 1, targetType: 'coupon-mint', targetId: mint.mintId });
    expect(row).toMatchObject({ actorId: operator.id, action: 'coupon.mint', before: null, after: { count: 3, luv: 250, uses: 2, expiresAt: mint.expiresAt } });

    // A member uses a minted code as typed.
    const member = await signedIn();
    expect(await ok<{ luv: number }>(await member.browser.json('/api/shoppings/useCoupon', { couponNumber: mint.codes[0] }))).toMatchObject({ luv: 250 });
  });

  it('a mint whose audit row fails writes no code, and one whose codes fail writes no audit row', async () => {
    const operator = await staff();
    const faulty = faultyDb(env.DB, (sqls) => sqls.some((sql) => sql.startsWith('INSERT INTO coupons')));
    for (const index of [1, 0]) {
      const before = await dbDigest();
      faulty.arm(index);
      await expect(mintCoupons(faulty.db, operator.id, { luv: 10, count: 2, days: 1, uses: 1 })).rejects.toThrow();
      expect(faulty.lastTargetBatch!.at(-1)).toMatch(/^INSERT INTO staff_audit/);
      expect(changedTables(before, await dbDigest()), `statement ${index} broken`).toEqual([]);
    }
    expect(faulty.fired).toBe(2);
  });
});

describe('agencies through the staff API (ops agency)', () => {
  it('staff only; bad input is refused and changes nothing', async () => {
    const member = await signedIn();
    await expectStaffOnly([
      ['GET', '/api/admin/agencies'],
      ['POST', '/api/admin/agencies', { loginId: member.loginId, name: '권한없음' }],
      ['GET', '/api/admin/agency-invites'],
      ['POST', '/api/admin/agency-invites', { agencyLoginId: member.loginId, loginId: member.loginId }],
    ]);

    const operator = await staff();
    const { creator } = await creatorWithChannel();
    const taken = `소속사${uniqueTag()}`.slice(0, 40);
    await ok<StaffAgency>(await operator.browser.json('/api/admin/agencies', { loginId: (await signedIn()).loginId, name: taken }));
    const before = await dbDigest();
    for (const body of [{}, { loginId: member.loginId }, { loginId: member.loginId, name: '' }, { loginId: member.loginId, name: 'x'.repeat(41) }, { loginId: member.loginId, name: 'a', extra: 1 }]) {
      expect((await operator.browser.json('/api/admin/agencies', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await operator.browser.json('/api/admin/agencies', { loginId: 'nobody_here_x', name: '없는회원' })).status).toBe(404);
    const clash = await operator.browser.json('/api/admin/agencies', { loginId: member.loginId, name: taken });
    expect(clash.status).toBe(409);
    expect(((await clash.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'AGENCY_NAME_TAKEN',
      message: '다른 소속사가 이미 쓰는 이름입니다.',
      fields: { name: 'agency.errors.nameTaken' },
    });
    // An invite from a member who is no agency, and a contract that is not a PDF.
    const form = (fields: Record<string, string>, contract?: File) => {
      const f = new FormData();
      for (const [k, v] of Object.entries(fields)) f.append(k, v);
      if (contract) f.append('contract', contract);
      return f;
    };
    const notAgency = await operator.browser.fetch('/api/admin/agency-invites', { method: 'POST', body: form({ agencyLoginId: member.loginId, loginId: creator.loginId }) });
    expect(notAgency.status).toBe(404);
    expect(((await notAgency.json()) as { error: { message: string } }).error.message).toBe('그 로그인 ID의 소속사 계정이 없습니다.');
    expect((await operator.browser.fetch('/api/admin/agency-invites', { method: 'POST', body: form({ loginId: creator.loginId }) })).status).toBe(400);
    expect((await operator.browser.fetch('/api/admin/agency-invites?agency=nobody_here_x')).status).toBe(404);
    expect(changedTables(before, await dbDigest())).toEqual([]);
  });

  it('grant, list, invite with a contract and list invites; each change with its audit row', async () => {
    const operator = await staff();
    const agency = await signedIn();
    const { creator, channel } = await creatorWithChannel();
    const name = `소속사${uniqueTag()}`.slice(0, 40);

    const granted = await ok<StaffAgency>(await operator.browser.json('/api/admin/agencies', { loginId: agency.loginId, name }));
    expect(granted).toMatchObject({ loginId: agency.loginId, name, channels: 0 });
    expect((await ok<StaffAgencyList>(await operator.browser.fetch('/api/admin/agencies'))).items).toContainEqual(granted);
    const [grantRow] = await listStaffAudit(env.DB, { limit: 1, targetType: 'member', targetId: agency.loginId });
    expect(grantRow).toMatchObject({ actorId: operator.id, action: 'agency.grant', before: null, after: { name } });

    const form = new FormData();
    for (const [k, v] of Object.entries({ agencyLoginId: agency.loginId, loginId: creator.loginId, message: '함께해요', days: '5' })) form.append(k, v);
    form.append('contract', file(pdf(), 'contract.pdf', 'application/pdf'));
    const invite = await ok<AgencyInvite>(await operator.browser.fetch('/api/admin/agency-invites', { method: 'POST', body: form }));
    expect(invite).toMatchObject({ agency: { name, loginId: agency.loginId }, channelId: channel.id, creator: { loginId: creator.loginId }, message: '함께해요', status: 'pending' });
    expect(invite.expiresAt - invite.createdAt).toBe(5 * 86_400_000);
    expect(invite.contractUrl).toMatch(/^\/api\/agency-contracts\//);
    const [inviteRow] = await listStaffAudit(env.DB, { limit: 1, targetType: 'agency', targetId: agency.loginId });
    expect(inviteRow).toMatchObject({ actorId: operator.id, action: 'agency.invite', after: { creator: creator.loginId, channelId: channel.id, expiresAt: invite.expiresAt, contract: true } });

    // The creator sees it as an invite from the agency; the agency's own page lists it; staff list it by agency.
    expect((await ok<{ items: AgencyInvite[] }>(await creator.browser.fetch('/api/my/agency-invites/me'))).items.map((i) => i.inviteId)).toEqual([invite.inviteId]);
    expect((await ok<{ items: AgencyInvite[] }>(await agency.browser.fetch('/api/agency/invites'))).items.map((i) => i.inviteId)).toEqual([invite.inviteId]);
    expect((await ok<StaffInviteList>(await operator.browser.fetch(`/api/admin/agency-invites?agency=${agency.loginId}`))).items.map((i) => i.inviteId)).toEqual([invite.inviteId]);

    // A second open invite to the same channel is refused and writes nothing, audit included.
    const before = await dbDigest();
    const again = new FormData();
    for (const [k, v] of Object.entries({ agencyLoginId: agency.loginId, loginId: creator.loginId })) again.append(k, v);
    expect((await operator.browser.fetch('/api/admin/agency-invites', { method: 'POST', body: again })).status).toBe(409);
    expect(changedTables(before, await dbDigest())).toEqual([]);
  });

  it('a grant whose audit row fails is not written', async () => {
    const operator = await staff();
    const member = await signedIn();
    const faulty = faultyDb(env.DB, (sqls) => sqls.some((sql) => sql.startsWith('INSERT INTO agencies')));
    const before = await dbDigest();
    faulty.arm(1);
    await expect(grantAgency(faulty.db, operator.id, { loginId: member.loginId, name: `소속사${uniqueTag()}`.slice(0, 40) })).rejects.toThrow();
    expect(faulty.fired).toBe(1);
    expect(changedTables(before, await dbDigest())).toEqual([]);
  });
});
