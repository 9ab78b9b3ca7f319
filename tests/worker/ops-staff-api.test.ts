// The staff API the ops commands call (scripts/ops/*.mjs through scripts/lib/staff-session.mjs) as the staff console
// does: staff only, bad input changes nothing, and every change is written to the staff audit log with it.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { Inquiry } from '../../src/shared/cs-schemas';
import { listStaffAudit } from '../../src/db/staff-audit';
import { Browser } from './helpers';
import { changedTables, dbDigest } from './security-sweep';
import { json, signedIn } from './watch-fixtures';

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
