import { describe, expect, it } from 'vitest';
import { CHAT_CLOSE } from '../../src/shared/chat-protocol';
import { act, joined, makeMember, makeRoom, open, say, sleep } from './chat-helpers';

// Roles and moderation: every action by a role that may and one that may not, enforced in the room.

async function roomWithManager() {
  const r = await makeRoom();
  const manager = await makeMember();
  const { client: creator } = await joined(r.room, r.owner);
  const { client: mgr } = await joined(r.room, manager);
  expect(await act(creator, 'manager_assign', manager.loginId)).toMatchObject({ type: 'action', target: { loginId: manager.loginId } });
  return { ...r, creator, manager, mgr };
}

describe('manager assign / unassign', () => {
  it('the creator assigns and unassigns; everyone sees a role event; the badge follows', async () => {
    const { room, creator, manager, mgr } = await roomWithManager();
    await mgr.waitFor((f) => f.type === 'event' && f.kind === 'role' && f.badge === 'manager');
    expect(await say(mgr, 'as manager')).toMatchObject({ from: { badge: 'manager' } });
    const { joinedFrame } = await joined(room, manager);
    expect(joinedFrame.me?.badge).toBe('manager');
    await act(creator, 'manager_unassign', manager.loginId);
    await mgr.waitFor((f) => f.type === 'event' && f.kind === 'role' && f.badge === null);
    expect(await say(mgr, 'plain again')).toMatchObject({ from: { badge: null } });
  });

  it('managers, ting operators and members may not assign; police may, in any room', async () => {
    const { room, mgr } = await roomWithManager();
    const target = await makeMember();
    await joined(room, target);
    for (const who of [mgr, (await joined(room, await makeMember('S'))).client, (await joined(room, await makeMember('V'))).client, (await joined(room, await makeMember('J'))).client]) {
      expect(await act(who, 'manager_assign', target.loginId)).toMatchObject({ status: 'error', code: 'FORBIDDEN' });
    }
    const { client: police } = await joined(room, await makeMember('P'));
    expect(await act(police, 'manager_assign', target.loginId)).toMatchObject({ type: 'action', by: { role: 'P' } });
    expect(await act(police, 'manager_assign', 'nobody_here_123')).toMatchObject({ status: 'error', code: 'TARGET_NOT_FOUND' });
  });
});

describe('mute / unmute', () => {
  it('a manager mutes a member for a time and unmutes; the muted member cannot write meanwhile', async () => {
    const { room, mgr } = await roomWithManager();
    const member = await makeMember();
    const { client } = await joined(room, member);
    expect(await act(mgr, 'mute', member.loginId, 120)).toMatchObject({ type: 'action', action: 'mute', seconds: 120 });
    const refused = await say(client, 'can I talk');
    expect(refused).toMatchObject({ status: 'error', code: 'MUTED' });
    expect((refused as { until: number }).until).toBeGreaterThan(Date.now() + 100_000);
    await act(mgr, 'unmute', member.loginId);
    expect(await say(client, 'free again')).toMatchObject({ type: 'message' });
  });

  it('a mute ends by itself', async () => {
    const { room, mgr } = await roomWithManager();
    const member = await makeMember();
    const { client } = await joined(room, member);
    await act(mgr, 'mute', member.loginId, 1);
    expect(await say(client, 'muted')).toMatchObject({ code: 'MUTED' });
    await sleep(1100);
    expect(await say(client, 'unmuted')).toMatchObject({ type: 'message' });
  });

  it('members cannot mute; managers cannot mute the creator, each other or staff; the creator cannot mute police', async () => {
    const { room, owner, creator, mgr } = await roomWithManager();
    const member = await makeMember();
    const other = await makeMember();
    const police = await makeMember('P');
    const { client: m } = await joined(room, member);
    await joined(room, other);
    await joined(room, police);
    expect(await act(m, 'mute', other.loginId)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await act(mgr, 'mute', owner.loginId)).toMatchObject({ code: 'FORBIDDEN' });
    const second = await makeMember();
    const { client: mgr2 } = await joined(room, second);
    await act(creator, 'manager_assign', second.loginId);
    expect(await act(mgr2, 'mute', (await joined(room, await makeMember())).joinedFrame.me!.loginId)).toMatchObject({ type: 'action' });
    expect(await act(mgr, 'mute', second.loginId)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await act(creator, 'mute', police.loginId)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await act(creator, 'mute', owner.loginId)).toMatchObject({ code: 'BAD_TARGET' });
    const { client: ting } = await joined(room, await makeMember('S'));
    expect(await act(ting, 'mute', other.loginId, 30)).toMatchObject({ type: 'action', by: { role: 'S' } });
  });
});

describe('kick', () => {
  it('a ting operator kicks: the member gets the event, is disconnected, and cannot come back during the cooldown', async () => {
    const { room } = await makeRoom();
    const member = await makeMember();
    const { client: target } = await joined(room, member);
    const { client: watcher } = await joined(room, await makeMember());
    const { client: ting } = await joined(room, await makeMember('S'));
    expect(await act(ting, 'kick', member.loginId, 60)).toMatchObject({ type: 'action', action: 'kick', seconds: 60 });
    await target.waitFor((f) => f.type === 'event' && f.kind === 'kick' && f.target.loginId === member.loginId);
    expect(await target.waitClosed()).toBe(CHAT_CLOSE.kicked);
    expect(target.errors()).toContain('KICKED');
    await watcher.waitFor((f) => f.type === 'event' && f.kind === 'kick');
    expect(watcher.closedWith).toBeNull();
    const back = await open(room, member);
    await back.waitFor((f) => f.type === 'connection' && f.status === 'error' && f.code === 'KICKED');
    expect(await back.waitClosed()).toBe(CHAT_CLOSE.kicked);
  });

  it('members may not kick', async () => {
    const { room } = await makeRoom();
    const member = await makeMember();
    const { client: target } = await joined(room, member);
    const { client: plain } = await joined(room, await makeMember('J'));
    expect(await act(plain, 'kick', member.loginId)).toMatchObject({ code: 'FORBIDDEN' });
    await sleep(50);
    expect(target.closedWith).toBeNull();
  });
});

describe('freeze / unfreeze', () => {
  it('while frozen only managers and above write; new joiners learn it; members may not freeze', async () => {
    const { room, creator, mgr } = await roomWithManager();
    const member = await makeMember();
    const { client } = await joined(room, member);
    expect(await act(client, 'freeze')).toMatchObject({ code: 'FORBIDDEN' });
    expect(await act(mgr, 'freeze')).toMatchObject({ type: 'action', action: 'freeze', target: null });
    expect(await say(client, 'frozen?')).toMatchObject({ code: 'FROZEN' });
    expect(await say(mgr, 'managers talk')).toMatchObject({ type: 'message' });
    expect(await say(creator, 'creator talks')).toMatchObject({ type: 'message' });
    expect((await joined(room, null)).joinedFrame.frozen).toBe(true);
    await act(creator, 'unfreeze');
    expect(await say(client, 'thawed')).toMatchObject({ type: 'message' });
  });
});

describe('blacklist', () => {
  it('the creator blacklists: disconnected and refused on every rejoin until unblacklisted; managers may not', async () => {
    const { room, creator, mgr } = await roomWithManager();
    const member = await makeMember();
    const { client: target } = await joined(room, member);
    expect(await act(mgr, 'blacklist', member.loginId)).toMatchObject({ code: 'FORBIDDEN' });
    expect(await act(creator, 'blacklist', member.loginId)).toMatchObject({ type: 'action', action: 'blacklist' });
    expect(await target.waitClosed()).toBe(CHAT_CLOSE.banned);
    for (let i = 0; i < 2; i++) {
      const again = await open(room, member);
      await again.waitFor((f) => f.type === 'connection' && f.status === 'error' && f.code === 'BANNED');
      expect(await again.waitClosed()).toBe(CHAT_CLOSE.banned);
    }
    await act(creator, 'unblacklist', member.loginId);
    const { joinedFrame } = await joined(room, member);
    expect(joinedFrame.me?.loginId).toBe(member.loginId);
  });
});

describe('announcements', () => {
  it("managers announce; live match and co-stream are the creator's; members may not", async () => {
    const { room, creator, mgr } = await roomWithManager();
    const { client: member } = await joined(room, await makeMember());
    const announce = async (client: typeof member, kind: string, text: string) => {
      const from = client.frames.length;
      client.send({ type: 'announce', kind, text });
      return client.waitFor((f) => (f.type === 'event' && 'text' in f && f.text === text) || (f.type === 'connection' && f.status === 'error'), { from });
    };
    expect(await announce(mgr, 'announcement', '공지입니다')).toMatchObject({ type: 'event', kind: 'announcement', by: { badge: 'manager' } });
    expect(await announce(member, 'announcement', 'me too')).toMatchObject({ code: 'FORBIDDEN' });
    expect(await announce(mgr, 'live_match', 'match!')).toMatchObject({ code: 'FORBIDDEN' });
    expect(await announce(creator, 'live_match', '합방 매치 시작')).toMatchObject({ type: 'event', kind: 'live_match' });
    expect(await announce(creator, 'co_stream', '같이 방송해요')).toMatchObject({ type: 'event', kind: 'co_stream' });
    await member.waitFor((f) => f.type === 'event' && f.kind === 'co_stream');
  });
});
