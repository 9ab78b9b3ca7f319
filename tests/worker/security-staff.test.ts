// Security rows of the staff console: its routes refuse guests and members without the P or O role, and a
// sanction asked for without the role changes nothing (no sanction, no audit row, no closed report, sign-in intact).
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Browser, signUpMember } from './helpers';
import { securityRow } from './security-table';
import { dbDigest, changedTables, listed } from './security-sweep';

const SANCTIONS = '/api/admin/sanctions';

async function reportOf(targetLoginId: string, reporterLoginId: string): Promise<number> {
  const id = async (loginId: string) => (await env.DB.prepare('SELECT id FROM members WHERE login_id = ?').bind(loginId).first<{ id: number }>())!.id;
  const row = await env.DB.prepare("INSERT INTO cs_reports (reporter_id, target_type, target_id, target_member_id, reason, content, created_at) VALUES (?, 'member', ?, ?, 'spam', '', ?) RETURNING id")
    .bind(await id(reporterLoginId), targetLoginId, await id(targetLoginId), Date.now())
    .first<{ id: number }>();
  return row!.id;
}

describe('staff console access', () => {
  it('every staff console call refuses guests (401) and members without the role (403), and changes nothing', async (context) => {
    const member = await signUpMember();
    const target = await signUpMember();
    const reportId = await reportOf(target.loginId, member.loginId);
    // A creator (J) and a ting operator (S) are roles too, but not staff.
    const genie = await signUpMember();
    await env.DB.prepare("UPDATE members SET role = 'J' WHERE login_id = ?").bind(genie.loginId).run();
    const sanctionId = (await env.DB.prepare(
      "INSERT INTO member_sanctions (member_id, kind, reason, starts_at, ends_at, staff_id) SELECT id, 'mute', 'x', ?, ?, id FROM members WHERE login_id = ? RETURNING id",
    )
      .bind(Date.now(), Date.now() + 3_600_000, target.loginId)
      .first<{ id: number }>())!.id;
    const calls: Array<[string, string, unknown?]> = [
      ['POST', SANCTIONS, { kind: 'block', loginId: target.loginId, reason: '권한 없음', report: { source: 'cs', id: reportId } }],
      ['POST', SANCTIONS, { kind: 'suspend', loginId: target.loginId, reason: '권한 없음', days: 30 }],
      ['POST', `${SANCTIONS}/${sanctionId}/lift`, {}],
      ['GET', `/api/admin/members?q=${target.loginId}`],
      ['GET', '/api/admin/audit'],
    ];
    const before = await dbDigest();
    const through: string[] = [];
    for (const [who, browser, expected] of [
      ['guest', new Browser(), 401],
      ['member', member.browser, 403],
      ['genie', genie.browser, 403],
    ] as const) {
      for (const [method, path, body] of calls) {
        const res = body === undefined ? await browser.fetch(path) : await browser.json(path, body, method);
        if (res.status !== expected) through.push(`${who} ${method} ${path.split('?')[0]} ${res.status}`);
      }
    }
    const changed = changedTables(before, await dbDigest());
    const signin = await new Browser().json('/v2/api/auth/signin', { loginId: target.loginId, password: 'Passw0rd!', device: 'PCWEB' });
    const pass = through.length === 0 && changed.length === 0 && signin.status === 200;
    securityRow(context, {
      area: 'access',
      tried: `the staff console's sanction, lift, member lookup and audit calls as a guest, a member and a genie (${calls.length * 3} calls)`,
      letThrough: through.length ? listed(through) : changed.length ? `tables changed: ${listed(changed)}` : signin.status === 200 ? 0 : `target's sign-in ${signin.status}`,
      pass,
    });
    expect(through).toEqual([]);
    expect(changed).toEqual([]);
    expect(signin.status).toBe(200);
  });
});
