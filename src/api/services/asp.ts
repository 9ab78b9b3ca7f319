// ASP partners (SPEC §7 POST /v4/api/asp/accesstoken): a partner's own server trades its key and one of its
// users' userkey for a session of the member that user became at sign-up (aspCode + userkey in the payload).
import { Refusal } from '../../lib/errors';
import { sha256, timingSafeEqual } from '../../lib/crypto';
import { aspKeyHash, findAspMember, linkAspMember } from '../../db/asp';
import { findMemberById, type MemberRow } from '../../db/members';
import { findPartner } from '../../db/partners';

/** At sign-up: the partner user this member is, when the partner exists and both values came. */
export async function rememberAspUser(db: D1Database, aspCode: string | undefined, userkey: string | undefined, memberId: number): Promise<void> {
  if (!aspCode || !userkey) return;
  if (!(await findPartner(db, aspCode))) return;
  await linkAspMember(db, aspCode, userkey, memberId);
}

/** The partner `aspCode` when `key` is its ASP key (header X-Asp-Key), else a 401. */
export async function aspPartnerOf(db: D1Database, aspCode: string, key: string | undefined): Promise<string> {
  const stored = await aspKeyHash(db, aspCode);
  // The hash is computed either way: an unknown partner and a wrong key take as long.
  const presented = await sha256(key ?? '');
  if (!key || !stored || !timingSafeEqual(presented, stored)) throw new Refusal(401, 'ASP_UNAUTHORIZED', 'social.errors.aspUnauthorized');
  return aspCode;
}

export async function aspMember(db: D1Database, partnerCode: string, userkey: string): Promise<MemberRow> {
  const link = await findAspMember(db, partnerCode, userkey);
  const member = link ? await findMemberById(db, link.memberId) : null;
  if (!member) throw new Refusal(404, 'ASP_USER_NOT_FOUND', 'social.errors.aspUserNotFound');
  if (member.blocked) throw new Refusal(423, 'BLOCKED', 'auth.errors.blocked');
  return member;
}
