// The member's own profile (GET and PUT /api/my/profile): who they are, their settings, their wallet's balance,
// and what they change themselves (nickname, avatar). The avatar goes through the one upload module; the
// old one is discarded once the new one is in place. Every change tells the member's open pages, which
// drop their cached profile (SWR, 5 minutes) and show the new one in the header at once.

import { domesticRules, M, stripSpaces } from '../../shared/account-rules';
import type { ProfileResponse } from '../../shared/account-api';
import type { ProfileForm } from '../../shared/profile-schemas';
import { IMAGE_TYPES } from '../../shared/uploads';
import { findMemberById, updateProfile, type MemberRow } from '../../db/members';
import { notifyMember } from '../../inbox';
import { accountRefusal, toMe } from './accounts';
import { memberSettings } from './settings';
import { isStaff } from './staff';
import { checkUpload, discardUploads, storeUpload } from './uploads';
import { luvSum } from './luv';

async function profileOf(db: D1Database, member: MemberRow): Promise<ProfileResponse> {
  const [staff, wallet, settings] = await Promise.all([isStaff(db, member.id), luvSum(db, member.id, 'wallet'), memberSettings(db, member.id)]);
  return {
    profile: {
      ...toMe(member),
      ...(staff ? { staff: true as const } : {}),
      balance: wallet.balance,
      piFlag: member.piFlag === 1,
      personalAuthStatus: member.personalAuthStatus as 0 | 1 | 2 | 3,
      createdAt: new Date(member.createdAt * 1000).toISOString(),
      countryCode: member.countryCode,
      partnerCode: member.partnerCode,
      settings,
    },
  };
}

/** GET /api/my/profile; null when the member is gone (the session answers 401). */
export async function myProfile(db: D1Database, memberId: number): Promise<ProfileResponse | null> {
  const member = await findMemberById(db, memberId);
  return member ? profileOf(db, member) : null;
}

/**
 * PUT /api/my/profile: every check (nickname rule, the avatar's bytes) before anything is stored; a taken
 * nickname undoes the stored avatar. Null when the member is gone. Refusals: 400 the nickname's rule, 409 taken, the upload's 413/415.
 */
export async function updateMyProfile(env: Env, memberId: number, form: ProfileForm): Promise<ProfileResponse | null> {
  const member = await findMemberById(env.DB, memberId);
  if (!member) return null;
  const nickname = form.nickname === undefined ? member.nickname : stripSpaces(form.nickname);
  const broken = domesticRules.nickname(nickname);
  if (broken) throw accountRefusal(400, broken, 'nickname');
  const avatar = form.avatar ? await checkUpload(form.avatar, IMAGE_TYPES) : null;
  const stored = avatar ? await storeUpload(env, memberId, 'member-avatar', avatar) : null;
  const avatarKey = stored ? stored.key : form.removeAvatar ? null : member.avatarKey;
  if (!(await updateProfile(env.DB, memberId, { nickname, avatarKey }))) {
    if (stored) await discardUploads(env, [stored.key]);
    throw accountRefusal(409, M.nicknameTaken, 'nickname');
  }
  if (member.avatarKey && member.avatarKey !== avatarKey) await discardUploads(env, [member.avatarKey]);
  await notifyMember(env, memberId, { type: 'settings' });
  return profileOf(env.DB, { ...member, nickname, avatarKey });
}
