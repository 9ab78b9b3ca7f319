// Agencies as staff (P and O members) run them: making a member an agency, listing agencies and every agency's
// invites, and inviting a creator on an agency's behalf (the console and `npm run ops -- agency`). Each change and
// its staff audit row commit in one batch.

import { findAgency, invitesForStaff, listAgencies, upsertAgencyStatement } from '../../db/agencies';
import { findMemberByLoginId } from '../../db/members';
import { auditStatement } from '../../db/staff-audit';
import { Refusal } from '../../lib/errors';
import type { AgencyGrantRequest, AgencyInvite, StaffAgency, StaffAgencyList, StaffInviteForm, StaffInviteList } from '../../shared/agency-schemas';
import { inviteFrom, inviteView } from './agencies';
import { isConflict } from '../../db/conflict';

/** How many invites staff read at once, newest first. */
const STAFF_INVITE_LIMIT = 100;

const memberNotFound = () => new Refusal(404, 'MEMBER_NOT_FOUND', 'staff.errors.memberNotFound', { loginId: 'staff.errors.memberNotFound' });
const notAnAgency = () => new Refusal(404, 'AGENCY_NOT_FOUND', 'agency.errors.noSuchAgency', { agencyLoginId: 'agency.errors.noSuchAgency' });

/** Make a member an agency account, or rename theirs. Another agency's name is refused; nothing is written then. */
export async function grantAgency(db: D1Database, staffId: number, input: AgencyGrantRequest, now = Date.now()): Promise<StaffAgency> {
  const member = await findMemberByLoginId(db, input.loginId);
  if (!member) throw memberNotFound();
  const before = await findAgency(db, member.id);
  try {
    await db.batch([
      upsertAgencyStatement(db, member.id, input.name, now),
      auditStatement(db, { actorId: staffId, action: 'agency.grant', targetType: 'member', targetId: member.loginId, before: before ? { name: before.name } : null, after: { name: input.name } }, now),
    ]);
  } catch (error) {
    if (isConflict(error, 'unique', 'agencies.name')) throw new Refusal(409, 'AGENCY_NAME_TAKEN', 'agency.errors.nameTaken', { name: 'agency.errors.nameTaken' });
    throw error;
  }
  const agency = (await listAgencies(db)).find((a) => a.memberId === member.id)!;
  return { loginId: agency.loginId, name: agency.name, channels: agency.channels, createdAt: agency.createdAt };
}

export async function staffAgencies(db: D1Database): Promise<StaffAgencyList> {
  return { items: (await listAgencies(db)).map(({ loginId, name, channels, createdAt }) => ({ loginId, name, channels, createdAt })) };
}

/** The agency a login ID names, or 404 (a member who is no agency too). */
async function agencyByLoginId(db: D1Database, loginId: string) {
  const member = await findMemberByLoginId(db, loginId);
  const agency = member ? await findAgency(db, member.id) : null;
  if (!agency) throw notAnAgency();
  return agency;
}

/** Invites of one agency, or of every agency, newest first. */
export async function staffInvites(db: D1Database, agencyLoginId: string | undefined, now = Date.now()): Promise<StaffInviteList> {
  const agencyId = agencyLoginId === undefined ? null : (await agencyByLoginId(db, agencyLoginId)).memberId;
  return { items: (await invitesForStaff(db, agencyId, STAFF_INVITE_LIMIT)).map((r) => inviteView(r, now)) };
}

/** Invite a creator as the agency's page would, on the agency's behalf; the invite and its audit row in one batch. */
export async function inviteForAgency(env: Env, staffId: number, form: StaffInviteForm, now = Date.now()): Promise<AgencyInvite> {
  const agency = await agencyByLoginId(env.DB, form.agencyLoginId);
  return inviteFrom(env, agency, form, now, (invite, creatorLoginId) => [
    auditStatement(
      env.DB,
      {
        actorId: staffId,
        action: 'agency.invite',
        targetType: 'agency',
        targetId: agency.loginId,
        after: { creator: creatorLoginId, channelId: invite.channelId, expiresAt: invite.expiresAt, contract: invite.contractKey !== null },
      },
      now,
    ),
  ]);
}
