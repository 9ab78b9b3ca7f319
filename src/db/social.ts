import type { SocialProvider } from '../shared/social';

export interface SocialIdentityRow {
  provider: SocialProvider;
  subject: string;
  memberId: number;
  email: string | null;
  linkedAt: number;
}

const IDENTITY_COLUMNS = 'provider, subject, member_id AS memberId, email, linked_at AS linkedAt';

export function findIdentity(db: D1Database, provider: SocialProvider, subject: string): Promise<SocialIdentityRow | null> {
  return db.prepare(`SELECT ${IDENTITY_COLUMNS} FROM social_identities WHERE provider = ? AND subject = ?`).bind(provider, subject).first<SocialIdentityRow>();
}

export async function identitiesOf(db: D1Database, memberId: number): Promise<SocialIdentityRow[]> {
  const { results } = await db.prepare(`SELECT ${IDENTITY_COLUMNS} FROM social_identities WHERE member_id = ? ORDER BY linked_at`).bind(memberId).all<SocialIdentityRow>();
  return results;
}

/** Link; throws on a UNIQUE conflict (the identity is someone's, or the member has this provider already). */
export function insertIdentityStatement(db: D1Database, row: SocialIdentityRow): D1PreparedStatement {
  return db.prepare('INSERT INTO social_identities (provider, subject, member_id, email, linked_at) VALUES (?, ?, ?, ?, ?)').bind(row.provider, row.subject, row.memberId, row.email, row.linkedAt);
}

/**
 * Link to the member the batch's previous statement inserted under `loginId`: the member and its identity are
 * created together or not at all. `changes() = 1` holds only when that insert applied: when the login ID was
 * someone else's already (ON CONFLICT DO NOTHING) nothing is linked to them.
 */
export function insertIdentityForLoginIdStatement(db: D1Database, row: Omit<SocialIdentityRow, 'memberId'>, loginId: string): D1PreparedStatement {
  return db
    .prepare('INSERT INTO social_identities (provider, subject, member_id, email, linked_at) SELECT ?, ?, id, ?, ? FROM members WHERE login_id = ? AND changes() = 1')
    .bind(row.provider, row.subject, row.email, row.linkedAt, loginId);
}

/**
 * Unlink, but only while another way to sign in remains (a password, or another provider): one statement, so
 * two unlinks at once cannot both pass the check. Answers whether a row went.
 */
export async function deleteIdentityKeepingAWayIn(db: D1Database, memberId: number, provider: SocialProvider): Promise<boolean> {
  const res = await db
    .prepare(
      `DELETE FROM social_identities WHERE member_id = ?1 AND provider = ?2
         AND ((SELECT password_hash FROM members WHERE id = ?1) <> ''
              OR (SELECT COUNT(*) FROM social_identities WHERE member_id = ?1) > 1)`,
    )
    .bind(memberId, provider)
    .run();
  return res.meta.changes > 0;
}

export interface OAuthTransactionRow {
  state: string;
  provider: SocialProvider;
  bindingHash: string;
  verifier: string;
  nonce: string | null;
  redirectUri: string;
  returnPath: string;
  intent: 'login' | 'link';
  memberId: number | null;
  expiresAt: number;
}

export async function insertTransaction(db: D1Database, t: OAuthTransactionRow, now: number): Promise<void> {
  await db.batch([
    // Old abandoned ones go as new ones come; a spent code is kept a day, far past any provider's code lifetime.
    db.prepare('DELETE FROM oauth_transactions WHERE expires_at < ?').bind(now),
    db.prepare('DELETE FROM oauth_used_codes WHERE used_at < ?').bind(now - 86_400_000),
    db
      .prepare('INSERT INTO oauth_transactions (state, provider, binding_hash, verifier, nonce, redirect_uri, return_path, intent, member_id, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
      .bind(t.state, t.provider, t.bindingHash, t.verifier, t.nonce, t.redirectUri, t.returnPath, t.intent, t.memberId, t.expiresAt),
  ]);
}

/** Take a transaction: deleted as it is read, so a state works once even when two callbacks race. */
export function takeTransaction(db: D1Database, state: string): Promise<OAuthTransactionRow | null> {
  return db
    .prepare(
      `DELETE FROM oauth_transactions WHERE state = ?
       RETURNING state, provider, binding_hash AS bindingHash, verifier, nonce, redirect_uri AS redirectUri, return_path AS returnPath,
                 intent, member_id AS memberId, expires_at AS expiresAt`,
    )
    .bind(state)
    .first<OAuthTransactionRow>();
}

/** Record a code as spent; false when it was presented before. */
export async function spendCode(db: D1Database, provider: SocialProvider, codeHash: string, now: number): Promise<boolean> {
  const row = await db.prepare('INSERT INTO oauth_used_codes (provider, code_hash, used_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING used_at').bind(provider, codeHash, now).first();
  return row !== null;
}
