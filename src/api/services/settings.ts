// The member's page settings (docs/product/community.md, "Messages and my page"), and where each one acts:
// - isView: what the member watches is recorded in "recently watched" (watch-history.ts recordWatch);
// - isVibes: the member's pages vibrate when a message arrives (client/realtime/inbox-socket.ts);
// - memberSortCode: the order of the member's conversations (messages.ts conversationsOf);
// - isSponser: the member's name on creators' lists of gifts received (luv received list);
// - isBigFan, isMemberLevelIconEnabled: badges in chat that belong to features not built yet (big fans,
//   member levels); kept and answered so that those features read them.
import { findSettings, saveSettings, type SettingsRow } from '../../db/messages';
import { notifyMember } from '../../inbox';
import { DEFAULT_SETTINGS } from '../../shared/message-limits';
import type { MemberSettings } from '../../shared/message-schemas';

function fromRow(row: SettingsRow | null): MemberSettings {
  if (!row) return { ...DEFAULT_SETTINGS, memberSortCode: DEFAULT_SETTINGS.memberSortCode as 1 | 2 };
  return {
    isView: row.isView === 1,
    isVibes: row.isVibes === 1,
    isSponser: row.isSponser === 1,
    memberSortCode: row.memberSortCode === 2 ? 2 : 1,
    isBigFan: row.isBigFan === 1,
    isMemberLevelIconEnabled: row.isMemberLevelIconEnabled === 1,
  };
}

export async function memberSettings(db: D1Database, memberId: number): Promise<MemberSettings> {
  return fromRow(await findSettings(db, memberId));
}

const bit = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);

/** Change what is given, keep the rest; the member's open pages drop their cached profile (it carries the settings). */
export async function changeSettings(env: Env, memberId: number, change: Partial<MemberSettings>, now = Date.now()): Promise<{ settings: MemberSettings }> {
  const row = await saveSettings(
    env.DB,
    memberId,
    {
      isView: bit(change.isView),
      isVibes: bit(change.isVibes),
      isSponser: bit(change.isSponser),
      memberSortCode: change.memberSortCode ?? null,
      isBigFan: bit(change.isBigFan),
      isMemberLevelIconEnabled: bit(change.isMemberLevelIconEnabled),
    },
    now,
  );
  await notifyMember(env, memberId, { type: 'settings' });
  return { settings: fromRow(row) };
}
