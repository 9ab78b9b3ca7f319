// The staff audit log: an action is written in the same batch as the change it records, read back newest first with
// its actor, and never changed or removed afterwards.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { auditStatement, listStaffAudit } from '../../src/db/staff-audit';

describe('staff audit log', () => {
  it('records actions with before and after, newest first, filtered by target', async () => {
    const target = `audit-${crypto.randomUUID()}`;
    await env.DB.batch([
      auditStatement(env.DB, { actorId: 1, action: 'member.suspend', targetType: 'member', targetId: target, before: { blocked: false }, after: { blocked: true, days: 3 } }, 1_000),
      auditStatement(env.DB, { actorId: 1, action: 'report.close', targetType: 'member', targetId: target }, 2_000),
    ]);
    const rows = await listStaffAudit(env.DB, { limit: 10, targetType: 'member', targetId: target });
    expect(rows.map((r) => r.action)).toEqual(['report.close', 'member.suspend']);
    expect(rows[1]).toMatchObject({ at: 1_000, actorId: 1, targetId: target, before: { blocked: false }, after: { blocked: true, days: 3 } });
    expect(rows[0]).toMatchObject({ before: null, after: null });
    const older = await listStaffAudit(env.DB, { limit: 10, beforeId: rows[0].id, targetType: 'member', targetId: target });
    expect(older.map((r) => r.action)).toEqual(['member.suspend']);
  });

  it('refuses to change or delete a row', async () => {
    const target = `audit-${crypto.randomUUID()}`;
    await auditStatement(env.DB, { actorId: 1, action: 'banner.update', targetType: 'banner', targetId: target }).run();
    await expect(env.DB.prepare('UPDATE staff_audit SET action = ? WHERE target_id = ?').bind('x', target).run()).rejects.toThrow(/never changed/);
    await expect(env.DB.prepare('DELETE FROM staff_audit WHERE target_id = ?').bind(target).run()).rejects.toThrow(/never deleted/);
    expect((await listStaffAudit(env.DB, { limit: 1, targetType: 'banner', targetId: target }))[0].action).toBe('banner.update');
  });
});
