// Security sweep, access (docs/security.md), on live chat sockets: a chat role lowered or raised while the member's socket is
// open. Sockets keep the role their ticket was issued with; the room (its hub) decides every action, announcement
// and target by the role D1 has now (src/chat/roles.ts), and manager badges by its own list. So a moderator demoted
// mid-session loses moderation on the socket they have open, a promoted member gains it, and nobody reconnects.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { MemberRole } from '../../src/shared/chat-protocol';
import { act, joined, makeMember, makeRoom, say } from './chat-helpers';
import { securityRow } from './security-table';

/** What `npm run ops -- role <loginId> <role>` does. */
const setRole = (memberId: number, role: MemberRole) => env.DB.prepare('UPDATE members SET role = ? WHERE id = ?').bind(role, memberId).run();

const verdict = (frame: unknown) => ((frame as { type: string }).type === 'action' ? 'done' : ((frame as { code?: string }).code ?? 'no answer'));

describe('chat roles changed under open sockets', () => {
  it('a ting operator lowered to member loses moderation on the open socket; a member raised to ting operator gains it', async (context) => {
    const { room } = await makeRoom();
    const operator = await makeMember('S');
    const member = await makeMember('V');
    const target = await makeMember('V');
    const { client: opSocket } = await joined(room, operator);
    const { client: memberSocket } = await joined(room, member);
    await joined(room, target);

    const before = { operator: verdict(await act(opSocket, 'mute', target.loginId, 60)), member: verdict(await act(memberSocket, 'freeze')) };
    await setRole(operator.memberId, 'V');
    await setRole(member.memberId, 'S');
    const after = {
      operator: [verdict(await act(opSocket, 'unmute', target.loginId)), verdict(await act(opSocket, 'freeze'))],
      member: [verdict(await act(memberSocket, 'mute', target.loginId, 60)), verdict(await act(memberSocket, 'freeze'))],
    };
    // The lowered operator is a plain member now in what the room shows too (their words, while frozen).
    const frozenWords = await say(opSocket, 'still a moderator?');

    const got: string[] = [];
    if (after.operator.some((v) => v !== 'FORBIDDEN')) got.push(`lowered S -> V: ${after.operator.join(', ')}`);
    if (frozenWords.type !== 'connection') got.push('lowered S -> V wrote in a frozen room');
    securityRow(context, {
      area: 'access',
      tried: 'chat socket open, its ting operator (S) lowered to member (V): unmute and freeze on the same socket',
      letThrough: got.length === 0 ? 0 : got.join('; '),
      pass: got.length === 0,
    });
    const missed = after.member.filter((v) => v !== 'done');
    securityRow(context, {
      area: 'access',
      tried: 'chat socket open, a member (V) raised to ting operator (S): mute and freeze on the same socket (no reconnect)',
      letThrough: missed.length === 0 ? 0 : `refused: ${missed.join(', ')}`,
      pass: missed.length === 0,
    });
    expect(before).toEqual({ operator: 'done', member: 'FORBIDDEN' });
    expect(after).toEqual({ operator: ['FORBIDDEN', 'FORBIDDEN'], member: ['done', 'done'] });
    expect(frozenWords).toMatchObject({ status: 'error', code: 'FROZEN' });
  });

  it('a manager unassigned loses moderation on the open socket, and gains it back when assigned again', async (context) => {
    const { room, owner } = await makeRoom();
    const manager = await makeMember('V');
    const target = await makeMember('V');
    const { client: creator } = await joined(room, owner);
    const { client: mgr } = await joined(room, manager);
    await joined(room, target);
    await act(creator, 'manager_assign', manager.loginId);
    const asManager = verdict(await act(mgr, 'mute', target.loginId, 60));
    await act(creator, 'manager_unassign', manager.loginId);
    const unassigned = [verdict(await act(mgr, 'unmute', target.loginId)), verdict(await act(mgr, 'kick', target.loginId, 0))];
    await act(creator, 'manager_assign', manager.loginId);
    const reassigned = verdict(await act(mgr, 'unmute', target.loginId));

    const got = unassigned.filter((v) => v !== 'FORBIDDEN');
    securityRow(context, {
      area: 'access',
      tried: 'chat socket open, its manager unassigned by the creator: unmute and kick on the same socket; assigned again: unmute',
      letThrough: got.length === 0 && reassigned === 'done' ? 0 : `unassigned: ${unassigned.join(', ')}; reassigned: ${reassigned}`,
      pass: got.length === 0 && reassigned === 'done',
    });
    expect({ asManager, unassigned, reassigned }).toEqual({ asManager: 'done', unassigned: ['FORBIDDEN', 'FORBIDDEN'], reassigned: 'done' });
  });

  it('staff lowered to member lose their immunity in a room they are in', async (context) => {
    const { room, owner } = await makeRoom();
    const police = await makeMember('P');
    const { client: creator } = await joined(room, owner);
    await joined(room, police);
    const asStaff = verdict(await act(creator, 'mute', police.loginId, 60));
    await setRole(police.memberId, 'V');
    const asMember = verdict(await act(creator, 'mute', police.loginId, 60));
    securityRow(context, {
      area: 'access',
      tried: 'police (P) in the room lowered to member (V): the creator mutes them (staff are immune, members are not)',
      letThrough: asStaff === 'FORBIDDEN' && asMember === 'done' ? 0 : `as staff ${asStaff}, as member ${asMember}`,
      pass: asStaff === 'FORBIDDEN' && asMember === 'done',
    });
    expect({ asStaff, asMember }).toEqual({ asStaff: 'FORBIDDEN', asMember: 'done' });
  });
});
