// Agencies, their invites and the channel link (migration 0023).

export interface AgencyRow {
  memberId: number;
  name: string;
  loginId: string;
}

export interface InviteRow {
  id: number;
  agencyId: number;
  agencyName: string;
  agencyLoginId: string;
  channelId: number;
  creatorId: number;
  creatorLoginId: string;
  creatorNickname: string;
  message: string;
  contractKey: string | null;
  status: 'pending' | 'accepted' | 'declined';
  createdAt: number;
  expiresAt: number;
  readAt: number | null;
  respondedAt: number | null;
}

const INVITE = `SELECT i.id, i.agency_id AS agencyId, a.name AS agencyName, am.login_id AS agencyLoginId, i.channel_id AS channelId,
  i.creator_id AS creatorId, cm.login_id AS creatorLoginId, cm.nickname AS creatorNickname, i.message, i.contract_key AS contractKey,
  i.status, i.created_at AS createdAt, i.expires_at AS expiresAt, i.read_at AS readAt, i.responded_at AS respondedAt
  FROM agency_invites i JOIN agencies a ON a.member_id = i.agency_id JOIN members am ON am.id = i.agency_id JOIN members cm ON cm.id = i.creator_id`;

export function findAgency(db: D1Database, memberId: number): Promise<AgencyRow | null> {
  return db.prepare('SELECT a.member_id AS memberId, a.name, m.login_id AS loginId FROM agencies a JOIN members m ON m.id = a.member_id WHERE a.member_id = ?').bind(memberId).first<AgencyRow>();
}

/** The agency a channel belongs to, if any. */
export function channelAgency(db: D1Database, channelId: number): Promise<AgencyRow | null> {
  return db
    .prepare('SELECT a.member_id AS memberId, a.name, m.login_id AS loginId FROM channels c JOIN agencies a ON a.member_id = c.agency_id JOIN members m ON m.id = a.member_id WHERE c.id = ?')
    .bind(channelId)
    .first<AgencyRow>();
}

export function findInvite(db: D1Database, id: number): Promise<InviteRow | null> {
  return db.prepare(`${INVITE} WHERE i.id = ?`).bind(id).first<InviteRow>();
}

export async function creatorInvites(db: D1Database, creatorId: number, limit = 50): Promise<InviteRow[]> {
  const { results } = await db.prepare(`${INVITE} WHERE i.creator_id = ? ORDER BY i.id DESC LIMIT ?`).bind(creatorId, limit).all<InviteRow>();
  return results;
}

export async function agencyInvites(db: D1Database, agencyId: number, limit = 50): Promise<InviteRow[]> {
  const { results } = await db.prepare(`${INVITE} WHERE i.agency_id = ? ORDER BY i.id DESC LIMIT ?`).bind(agencyId, limit).all<InviteRow>();
  return results;
}

/** Pending, open and not yet read. */
export async function newInviteCount(db: D1Database, creatorId: number, now: number): Promise<number> {
  const row = await db
    .prepare("SELECT COUNT(*) AS n FROM agency_invites WHERE creator_id = ? AND status = 'pending' AND expires_at > ? AND read_at IS NULL")
    .bind(creatorId, now)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** Whether the agency has an open invite to the channel already. */
export async function openInviteExists(db: D1Database, agencyId: number, channelId: number, now: number): Promise<boolean> {
  const row = await db.prepare("SELECT 1 AS open FROM agency_invites WHERE agency_id = ? AND channel_id = ? AND status = 'pending' AND expires_at > ? LIMIT 1").bind(agencyId, channelId, now).first();
  return row !== null;
}

export interface NewInvite {
  agencyId: number;
  channelId: number;
  creatorId: number;
  message: string;
  contractKey: string | null;
  createdAt: number;
  expiresAt: number;
}

/** The insert of an invite, answering its id (RETURNING), for a batch beside what goes with it. */
export function insertInviteStatement(db: D1Database, i: NewInvite): D1PreparedStatement {
  return db
    .prepare('INSERT INTO agency_invites (agency_id, channel_id, creator_id, message, contract_key, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id')
    .bind(i.agencyId, i.channelId, i.creatorId, i.message, i.contractKey, i.createdAt, i.expiresAt);
}

/** Invites of one agency, or of all (agencyId null), newest first: what staff read. */
export async function invitesForStaff(db: D1Database, agencyId: number | null, limit: number): Promise<InviteRow[]> {
  const { results } = await db.prepare(`${INVITE} WHERE (?1 IS NULL OR i.agency_id = ?1) ORDER BY i.id DESC LIMIT ?2`).bind(agencyId, limit).all<InviteRow>();
  return results;
}

export interface AgencySummaryRow extends AgencyRow {
  channels: number;
  createdAt: number;
}

/** Every agency, oldest first, with how many channels belong to it. */
export async function listAgencies(db: D1Database): Promise<AgencySummaryRow[]> {
  const { results } = await db
    .prepare(
      `SELECT a.member_id AS memberId, a.name, m.login_id AS loginId, a.created_at AS createdAt,
              (SELECT COUNT(*) FROM channels c WHERE c.agency_id = a.member_id) AS channels
       FROM agencies a JOIN members m ON m.id = a.member_id ORDER BY a.created_at, a.member_id`,
    )
    .all<AgencySummaryRow>();
  return results;
}

/** Make a member an agency, or rename theirs (the name is UNIQUE: another agency's name throws). */
export function upsertAgencyStatement(db: D1Database, memberId: number, name: string, now: number): D1PreparedStatement {
  return db.prepare('INSERT INTO agencies (member_id, name, created_at) VALUES (?, ?, ?) ON CONFLICT (member_id) DO UPDATE SET name = excluded.name').bind(memberId, name, now);
}

export async function markInviteRead(db: D1Database, id: number, now: number): Promise<void> {
  await db.prepare('UPDATE agency_invites SET read_at = ? WHERE id = ? AND read_at IS NULL').bind(now, id).run();
}

/**
 * Answer a pending invite in one batch: the trigger aborts it when the invite was answered already or has
 * expired (a race lost answers nothing); accepting also links the channel, only through the invite this
 * batch just accepted.
 */
export async function answerInvite(db: D1Database, id: number, accept: boolean, now: number): Promise<void> {
  const answer = db.prepare('UPDATE agency_invites SET status = ?, responded_at = ?, read_at = coalesce(read_at, ?) WHERE id = ?').bind(accept ? 'accepted' : 'declined', now, now, id);
  if (!accept) {
    await answer.run();
    return;
  }
  const link = db
    .prepare(
      `UPDATE channels SET agency_id = (SELECT agency_id FROM agency_invites WHERE id = ?1)
       WHERE id = (SELECT channel_id FROM agency_invites WHERE id = ?1 AND status = 'accepted' AND responded_at = ?2)`,
    )
    .bind(id, now);
  await db.batch([answer, link]);
}

/** An invite whose contract this is, sent to this creator. */
export function inviteByContract(db: D1Database, contractKey: string, creatorId: number): Promise<{ id: number } | null> {
  return db.prepare('SELECT id FROM agency_invites WHERE contract_key = ? AND creator_id = ? LIMIT 1').bind(contractKey, creatorId).first<{ id: number }>();
}

/** The creator's channel and the agency it belongs to. */
export function creatorChannel(db: D1Database, loginId: string): Promise<{ channelId: number; creatorId: number; agencyId: number | null } | null> {
  return db
    .prepare('SELECT c.id AS channelId, c.owner_id AS creatorId, c.agency_id AS agencyId FROM channels c JOIN members m ON m.id = c.owner_id WHERE m.login_id = ? COLLATE NOCASE')
    .bind(loginId)
    .first();
}

export function channelOfOwner(db: D1Database, memberId: number): Promise<{ channelId: number; agencyId: number | null } | null> {
  return db.prepare('SELECT id AS channelId, agency_id AS agencyId FROM channels WHERE owner_id = ?').bind(memberId).first();
}
