// Agencies (docs/product/community.md, "Channel board"): an agency account invites a channel's creator (its
// page or `npm run ops -- agency invite`), optionally with a PDF contract; the creator reads the invite,
// downloads the contract through a signed link that expires, and accepts (the channel joins the agency) or
// declines. An unanswered invite expires and links nothing.

import { AGENCY_INVITE_DAYS, AGENCY_PATHS, CONTRACT_LINK_TTL_MS, type AgencyInviteStatus } from '../../shared/agency';
import type { AgencyHasNew, AgencyInvite, AgencyInviteForm, AgencyInviteList, ContractDownload, SentInviteList } from '../../shared/agency-schemas';
import { UPLOAD_KEY_PATTERN } from '../../shared/uploads';
import { Refusal } from '../../lib/errors';
import { hmacSign, hmacVerify } from '../../lib/crypto';
import { jwtSecret } from '../config';
import {
  agencyInvites,
  answerInvite,
  channelAgency,
  channelOfOwner,
  creatorChannel,
  creatorInvites,
  findAgency,
  findInvite,
  insertInviteStatement,
  inviteByContract,
  markInviteRead,
  newInviteCount,
  openInviteExists,
  type AgencyRow,
  type InviteRow,
  type NewInvite,
} from '../../db/agencies';
import { CONTRACT_PURPOSE, checkUpload, storeUpload } from './uploads';
import { isConflict } from '../../db/conflict';

const DAY_MS = 24 * 60 * 60 * 1000;

const statusOf = (r: InviteRow, now: number): AgencyInviteStatus => (r.status === 'pending' && r.expiresAt <= now ? 'expired' : r.status);

export function inviteView(r: InviteRow, now: number): AgencyInvite {
  return {
    inviteId: r.id,
    agency: { name: r.agencyName, loginId: r.agencyLoginId },
    channelId: r.channelId,
    creator: { loginId: r.creatorLoginId, nickname: r.creatorNickname },
    message: r.message,
    status: statusOf(r, now),
    contractUrl: r.contractKey ? AGENCY_PATHS.contract(r.contractKey) : null,
    createdAt: r.createdAt,
    expiresAt: r.expiresAt,
    readAt: r.readAt,
    respondedAt: r.respondedAt,
  };
}

const notFound = () => new Refusal(404, 'INVITE_NOT_FOUND', 'agency.errors.notFound');

/** An invite of this creator's, or 404 (someone else's invite is not revealed). */
async function ownInvite(db: D1Database, creatorId: number, id: number): Promise<InviteRow> {
  const invite = await findInvite(db, id);
  if (!invite || invite.creatorId !== creatorId) throw notFound();
  return invite;
}

/** GET /api/my/agency-invites/has-new */
export async function hasNewInvites(db: D1Database, creatorId: number, now = Date.now()): Promise<AgencyHasNew> {
  const count = await newInviteCount(db, creatorId, now);
  return { hasNew: count > 0, count };
}

/** GET /api/my/agency-invites/me */
export async function myInvites(db: D1Database, creatorId: number, now = Date.now()): Promise<AgencyInviteList> {
  const [rows, channel] = await Promise.all([creatorInvites(db, creatorId), channelOfOwner(db, creatorId)]);
  const agency = channel ? await channelAgency(db, channel.channelId) : null;
  return { items: rows.map((r) => inviteView(r, now)), agency: agency ? { name: agency.name, loginId: agency.loginId } : null };
}

/** GET /api/my/agency-invites/{id}: opening it marks it read. */
export async function myInvite(db: D1Database, creatorId: number, id: number, now = Date.now()): Promise<AgencyInvite> {
  const invite = await ownInvite(db, creatorId, id);
  if (invite.readAt === null) {
    await markInviteRead(db, id, now);
    invite.readAt = now;
  }
  return inviteView(invite, now);
}

/** POST /api/my/agency-invites/{id}/respond */
export async function respondToInvite(db: D1Database, creatorId: number, id: number, type: 'accept' | 'decline', now = Date.now()): Promise<AgencyInvite> {
  const invite = await ownInvite(db, creatorId, id);
  const status = statusOf(invite, now);
  if (status === 'expired') throw new Refusal(409, 'INVITE_EXPIRED', 'agency.errors.expired');
  if (status !== 'pending') throw new Refusal(409, 'INVITE_ANSWERED', 'agency.errors.answered');
  if (type === 'accept') {
    const linked = await channelAgency(db, invite.channelId);
    if (linked && linked.memberId !== invite.agencyId) throw new Refusal(409, 'CHANNEL_HAS_AGENCY', 'agency.errors.hasAgency');
  }
  try {
    await answerInvite(db, id, type === 'accept', now);
  } catch (error) {
    // The trigger: answered or expired between our look and the write; nothing was written.
    if (isConflict(error, 'trigger', 'AGENCY_INVITE_CLOSED')) throw new Refusal(409, 'INVITE_ANSWERED', 'agency.errors.answered');
    throw error;
  }
  return inviteView((await findInvite(db, id))!, now);
}

const signedMessage = (key: string, expires: number) => `agency-contract:${key}:${expires}`;

/** The contract key a contractUrl (or a bare key) names, or null. */
function contractKeyOf(url: string): string | null {
  const key = url.startsWith(AGENCY_PATHS.contract('')) ? url.slice(AGENCY_PATHS.contract('').length).split('?')[0]! : url;
  return UPLOAD_KEY_PATTERN.test(key) ? key : null;
}

/** POST /api/my/agency-invites/download-url: a signed link, only for the creator the invite was sent to. */
export async function contractDownloadUrl(env: Env, creatorId: number, url: string, now = Date.now()): Promise<ContractDownload> {
  const key = contractKeyOf(url);
  if (!key || !(await inviteByContract(env.DB, key, creatorId))) throw new Refusal(404, 'CONTRACT_NOT_FOUND', 'agency.errors.contractNotFound');
  const expiresAt = now + CONTRACT_LINK_TTL_MS;
  const signature = await hmacSign(jwtSecret(env), signedMessage(key, expiresAt));
  return { url: `${AGENCY_PATHS.contract(key)}?expires=${expiresAt}&signature=${signature}`, expiresAt };
}

/** Whether a signed contract link is genuine and still open. */
export async function contractLinkValid(env: Env, key: string, expires: number, signature: string, now = Date.now()): Promise<boolean> {
  if (expires <= now) return false;
  return hmacVerify(jwtSecret(env), signedMessage(key, expires), signature);
}

/** A contract must prove itself a PDF; the upload module's own type message speaks of images. */
async function checkContract(file: Blob) {
  try {
    return await checkUpload(file, ['pdf']);
  } catch (error) {
    if (error instanceof Refusal && (error.code === 'UPLOAD_TYPE' || error.code === 'UPLOAD_SVG')) throw new Refusal(415, error.code, 'agency.errors.contractType');
    throw error;
  }
}

// ---- the agency's side -------------------------------------------------------------------------------

async function requireAgency(db: D1Database, memberId: number) {
  const agency = await findAgency(db, memberId);
  if (!agency) throw new Refusal(403, 'NOT_AGENCY', 'agency.errors.notAgency');
  return agency;
}

/** GET /api/agency/invites */
export async function sentInvites(db: D1Database, memberId: number, now = Date.now()): Promise<SentInviteList> {
  const agency = await requireAgency(db, memberId);
  return { agency: { name: agency.name, loginId: agency.loginId }, items: (await agencyInvites(db, agency.memberId)).map((r) => inviteView(r, now)) };
}

/** POST /api/agency/invites: to a creator by login ID; the contract must prove itself a PDF. */
export async function sendInvite(env: Env, memberId: number, form: AgencyInviteForm, now = Date.now()): Promise<AgencyInvite> {
  return inviteFrom(env, await requireAgency(env.DB, memberId), form, now);
}

/**
 * The checks and the write of an invite from `agency` to a creator by login ID (the agency's page, and staff on its
 * behalf). `alongside` joins statements (a staff audit row) to the invite's batch. The contract, stored first, is
 * the agency's upload.
 */
export async function inviteFrom(
  env: Env,
  agency: AgencyRow,
  form: AgencyInviteForm,
  now = Date.now(),
  alongside: (invite: NewInvite, creatorLoginId: string) => D1PreparedStatement[] = () => [],
): Promise<AgencyInvite> {
  const channel = await creatorChannel(env.DB, form.loginId);
  if (!channel) throw new Refusal(404, 'CHANNEL_NOT_FOUND', 'agency.errors.noSuchCreator', { loginId: 'agency.errors.noSuchCreator' });
  if (channel.creatorId === agency.memberId) throw new Refusal(400, 'SELF_INVITE', 'agency.errors.self');
  if (channel.agencyId === agency.memberId) throw new Refusal(409, 'ALREADY_LINKED', 'agency.errors.alreadyLinked');
  if (await openInviteExists(env.DB, agency.memberId, channel.channelId, now)) throw new Refusal(409, 'INVITE_OPEN', 'agency.errors.open');
  const contract = form.contract ? await checkContract(form.contract) : null;
  const contractKey = contract ? (await storeUpload(env, agency.memberId, CONTRACT_PURPOSE, contract, now)).key : null;
  const days = form.days ?? AGENCY_INVITE_DAYS.default;
  const invite: NewInvite = {
    agencyId: agency.memberId,
    channelId: channel.channelId,
    creatorId: channel.creatorId,
    message: form.message,
    contractKey,
    createdAt: now,
    expiresAt: now + days * DAY_MS,
  };
  const [inserted] = await env.DB.batch<{ id: number }>([insertInviteStatement(env.DB, invite), ...alongside(invite, form.loginId)]);
  return inviteView((await findInvite(env.DB, inserted!.results[0]!.id))!, now);
}
