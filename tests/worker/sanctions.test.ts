import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { SanctionResponse, MemberLookup, AuditList } from '../../src/shared/sanction-schemas';
import { Browser, ok, refused, signUpMember } from './helpers';
import { joined, makeRoom, say } from './chat-helpers';

// Staff's sanctions (POST /api/admin/sanctions, /lift): each applies at once where the member's standing is obeyed
// (sign-in, sessions, every chat room), closes the report it answers, and is in the audit log with its change.

const SANCTIONS = '/api/admin/sanctions';

async function staff(role: 'P' | 'O' = 'O'): Promise<Browser & { loginId: string }> {
  const { browser, loginId } = await signUpMember();
  await env.DB.prepare('UPDATE members SET role = ? WHERE login_id = ?').bind(role, loginId).run();
  return Object.assign(browser, { loginId });
}

async function memberIdOf(loginId: string): Promise<number> {
  return (await env.DB.prepare('SELECT id FROM members WHERE login_id = ?').bind(loginId).first<{ id: number }>())!.id;
}

/** A report of `loginId` (a member report, as the report dialog files it) by a new member. */
async function reportOf(loginId: string): Promise<number> {
  const { loginId: reporter } = await signUpMember();
  const row = await env.DB.prepare(
    "INSERT INTO cs_reports (reporter_id, target_type, target_id, target_member_id, reason, content, created_at) VALUES (?, 'member', ?, ?, 'spam', '광고 도배', ?) RETURNING id",
  )
    .bind(await memberIdOf(reporter), loginId, await memberIdOf(loginId), Date.now())
    .first<{ id: number }>();
  return row!.id;
}

const signIn = (loginId: string, password = 'Passw0rd!') => new Browser().json('/v2/api/auth/signin', { loginId, password, device: 'PCWEB' });

/** A chat identity for a signed-up member (the room reads their standing from D1, not from the ticket). */
async function chatIdentity(loginId: string) {
  const row = await env.DB.prepare('SELECT id, nickname FROM members WHERE login_id = ?').bind(loginId).first<{ id: number; nickname: string }>();
  return { memberId: row!.id, loginId, nickname: row!.nickname, role: 'V' as const };
}

async function auditOf(loginId: string) {
  const { results } = await env.DB.prepare(
    "SELECT action, actor_id AS actorId, before_json AS beforeJson, after_json AS afterJson FROM staff_audit WHERE target_type = 'member' AND target_id = ? ORDER BY id",
  )
    .bind(loginId)
    .all<{ action: string; actorId: number; beforeJson: string | null; afterJson: string | null }>();
  return results;
}

describe('sanctions', () => {
  it('staff suspend a spammer from a report: the report closes, sessions end, sign-in is 423 with the end, and lifting restores it', async () => {
    const operator = await staff('O');
    const spammer = await signUpMember();
    const reportId = await reportOf(spammer.loginId);

    const before = Date.now();
    const res = await operator.json(SANCTIONS, { kind: 'suspend', loginId: spammer.loginId, days: 3, reason: '광고 도배', report: { source: 'cs', id: reportId } });
    const body = await ok<SanctionResponse>(res);
    expect(body.sanction).toMatchObject({ kind: 'suspend', by: operator.loginId, report: { source: 'cs', id: reportId }, inForce: true, liftedAt: null });
    expect(body.sanction.endsAt! - before).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect(body.standing).toEqual({ blocked: false, suspendedUntil: body.sanction.endsAt, mutedUntil: null });

    // The report is closed by the same call, and both are in the audit log with who did them.
    const report = await env.DB.prepare('SELECT status, handled_by AS handledBy FROM cs_reports WHERE id = ?').bind(reportId).first<{ status: string; handledBy: number }>();
    expect(report).toEqual({ status: 'closed', handledBy: await memberIdOf(operator.loginId) });
    const audit = await auditOf(spammer.loginId);
    expect(audit.map((a) => a.action)).toEqual(['member.suspend']);
    expect(audit[0]!.actorId).toBe(await memberIdOf(operator.loginId));
    expect(JSON.parse(audit[0]!.beforeJson!)).toEqual({ blocked: false, suspendedUntil: null, mutedUntil: null });
    expect(JSON.parse(audit[0]!.afterJson!)).toMatchObject({ kind: 'suspend', endsAt: body.sanction.endsAt, report: { source: 'cs', id: reportId } });
    const closed = await env.DB.prepare("SELECT action FROM staff_audit WHERE target_type = 'report.cs' AND target_id = ?").bind(String(reportId)).first<{ action: string }>();
    expect(closed?.action).toBe('report.close');

    // The spammer's open session ends: an expired access token is not renewed (the refresh is refused).
    spammer.browser.jar.set('flx_oauth_access', 'expired.or.garbage');
    expect((await spammer.browser.fetch('/api/my/profile')).status).toBe(401);

    // Sign-in: 423 '차단된 계정입니다.', with the suspension's end.
    const signin = await signIn(spammer.loginId);
    expect(signin.status).toBe(423);
    expect(await signin.json()).toMatchObject({ status: 423, msg: 'BLOCKED', message: '차단된 계정입니다.', until: body.sanction.endsAt });

    // Lifted: signing in works again, and the lift is audited too.
    const lifted = await ok<SanctionResponse>(await operator.json(`${SANCTIONS}/${body.sanction.id}/lift`, {}));
    expect(lifted.sanction).toMatchObject({ inForce: false, liftedBy: operator.loginId });
    expect(lifted.standing).toEqual({ blocked: false, suspendedUntil: null, mutedUntil: null });
    expect((await signIn(spammer.loginId)).status).toBe(200);
    expect((await auditOf(spammer.loginId)).map((a) => a.action)).toEqual(['member.suspend', 'member.suspend.lift']);
    await refused(await operator.json(`${SANCTIONS}/${body.sanction.id}/lift`, {}), 409, 'SANCTION_LIFTED');
  });

  it('a block is 423 for good (no end) and refuses chat tickets', async () => {
    const police = await staff('P');
    const target = await signUpMember();
    const { room } = await makeRoom();
    await ok(await police.json(SANCTIONS, { kind: 'block', loginId: target.loginId, reason: '불법 촬영물 유포' }));
    const signin = await signIn(target.loginId);
    expect(signin.status).toBe(423);
    const answer = (await signin.json()) as Record<string, unknown>;
    expect(answer).toMatchObject({ message: '차단된 계정입니다.' });
    expect(answer.until).toBeUndefined();
    // Their session is over: no chat ticket either.
    expect((await target.browser.json('/api/chat/ticket', { room })).status).toBe(401);
  });

  it('a mute refuses the member in every room until lifted; other members still chat', async () => {
    const operator = await staff('O');
    const muted = await signUpMember();
    const [a, b, c] = [await makeRoom(), await makeRoom(), await makeRoom()];
    const sanctioned = await ok<SanctionResponse>(await operator.json(SANCTIONS, { kind: 'mute', loginId: muted.loginId, hours: 2, reason: '욕설' }));
    expect(sanctioned.standing.mutedUntil).toBe(sanctioned.sanction.endsAt);
    const who = await chatIdentity(muted.loginId);
    for (const { room } of [a, b]) {
      const { client } = await joined(room, who);
      expect(await say(client, '안녕하세요')).toMatchObject({ type: 'connection', status: 'error', code: 'MUTED', until: sanctioned.sanction.endsAt });
      client.ws.close();
    }
    const other = await signUpMember();
    const { client: bystander } = await joined(a.room, await chatIdentity(other.loginId));
    expect(await say(bystander, '저는 말할 수 있어요')).toMatchObject({ type: 'message' });

    await ok(await operator.json(`${SANCTIONS}/${sanctioned.sanction.id}/lift`, {}));
    const { client } = await joined(c.room, who);
    expect(await say(client, '다시 말할 수 있어요')).toMatchObject({ type: 'message', text: '다시 말할 수 있어요' });
  });

  it("a warning arrives in the member's messages; the member lookup shows it with their standing", async () => {
    const operator = await staff('O');
    const member = await signUpMember();
    await ok(await operator.json(SANCTIONS, { kind: 'warn', loginId: member.loginId, reason: '채팅 도배를 멈춰 주세요' }));
    const box = await ok<{ items: Array<{ content: string; from?: { loginId: string } }> }>(await member.browser.fetch('/api/my/messages?division=receive'));
    expect(box.items[0]!.content).toBe('[운영 경고] 채팅 도배를 멈춰 주세요');
    // A warning is a record: it bars nothing and cannot be lifted.
    expect((await signIn(member.loginId)).status).toBe(200);
    const lookup = await ok<MemberLookup>(await operator.fetch(`/api/admin/members?q=${member.loginId}`));
    expect(lookup.member).toMatchObject({ loginId: member.loginId, standing: { blocked: false, suspendedUntil: null, mutedUntil: null }, payments: [], reports: [] });
    expect(lookup.member!.sanctions).toMatchObject([{ kind: 'warn', reason: '채팅 도배를 멈춰 주세요', inForce: false, by: operator.loginId }]);
    await refused(await operator.json(`${SANCTIONS}/${lookup.member!.sanctions[0]!.id}/lift`, {}), 409, 'NOT_LIFTABLE');
    const audit = await ok<AuditList>(await operator.fetch('/api/admin/audit?limit=20'));
    expect(audit.items.find((r) => r.targetId === member.loginId)).toMatchObject({ action: 'member.warn', actor: operator.loginId, targetType: 'member' });
  });

  it('bad input is 400 and changes nothing; a report about someone else or already handled is refused', async () => {
    const operator = await staff('O');
    const target = await signUpMember();
    const bystander = await signUpMember();
    const reportId = await reportOf(bystander.loginId);
    const handled = await reportOf(target.loginId);
    await env.DB.prepare("UPDATE cs_reports SET status = 'closed' WHERE id = ?").bind(handled).run();
    const counts = async () =>
      env.DB.prepare("SELECT (SELECT COUNT(*) FROM member_sanctions) AS s, (SELECT COUNT(*) FROM staff_audit) AS a, (SELECT COUNT(*) FROM cs_reports WHERE status = 'open') AS r").first();
    const start = await counts();
    for (const body of [
      { kind: 'suspend', loginId: target.loginId, reason: 'x' }, // no days
      { kind: 'suspend', loginId: target.loginId, reason: 'x', days: 0 },
      { kind: 'suspend', loginId: target.loginId, reason: 'x', days: 366 },
      { kind: 'mute', loginId: target.loginId, reason: 'x', hours: 1.5 },
      { kind: 'block', loginId: target.loginId, reason: '   ' },
      { kind: 'ban', loginId: target.loginId, reason: 'x' },
      { kind: 'block', loginId: target.loginId, reason: 'x', days: 3 },
    ]) {
      await refused(await operator.json(SANCTIONS, body), 400, 'BAD_REQUEST');
    }
    await refused(await operator.json(SANCTIONS, { kind: 'block', loginId: target.loginId, reason: 'x', report: { source: 'cs', id: reportId } }), 400, 'REPORT_MISMATCH');
    await refused(await operator.json(SANCTIONS, { kind: 'block', loginId: target.loginId, reason: 'x', report: { source: 'cs', id: handled } }), 409, 'REPORT_HANDLED');
    await refused(await operator.json(SANCTIONS, { kind: 'block', loginId: 'nobody-here', reason: 'x' }), 404, 'MEMBER_NOT_FOUND');
    await refused(await operator.json(SANCTIONS, { kind: 'block', loginId: operator.loginId, reason: 'x' }), 400, 'SELF_SANCTION');
    const other = await staff('P');
    await refused(await operator.json(SANCTIONS, { kind: 'block', loginId: other.loginId, reason: 'x' }), 403, 'STAFF_TARGET');
    expect(await counts()).toEqual(start);
    expect((await signIn(target.loginId)).status).toBe(200);
  });
});
