// What a sitemap may name: only what every guest may open without any proof (no adult flag, no password),
// read in pages newest first (keyset on the row id, so a page costs the same however deep it is).

/** One page's row: the id the page is addressed by, and when it last changed (ms). */
export interface SitemapRow {
  id: number;
  /** The creator's login ID (a live is addressed by its channel page); absent for other kinds. */
  loginId?: string;
  lastModified: number;
}

/** `before`: the last id of the previous page (null: the first page). */
export interface KeysetPage {
  before: number | null;
  limit: number;
}

/** A stream `s` of channel `ch` that asks nothing of its viewer: neither it nor its channel adult-only or password-protected. */
const OPEN_TO_ALL = 's.adult = 0 AND s.adult_plus = 0 AND s.has_password = 0 AND ch.adult = 0 AND ch.adult_plus = 0 AND ch.password_hash IS NULL';

/** Lives on air now that every guest may watch (their channel pages). */
export async function publicLives(db: D1Database, page: KeysetPage): Promise<SitemapRow[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id, m.login_id AS loginId, s.started_at AS lastModified
       FROM streams s JOIN channels ch ON ch.id = s.channel_id JOIN members m ON m.id = ch.owner_id
       WHERE s.ended_at IS NULL AND s.kind = 1 AND ${OPEN_TO_ALL} AND (?1 IS NULL OR s.id < ?1)
       ORDER BY s.id DESC LIMIT ?2`,
    )
    .bind(page.before, page.limit)
    .all<SitemapRow>();
  return results;
}

/**
 * Recordings every guest may watch. A recording keeps the flags its live had; its channel's present ones
 * count too, so a channel turned adult-only or locked since takes its old recordings out as well.
 */
export async function publicRecordings(db: D1Database, page: KeysetPage): Promise<SitemapRow[]> {
  const { results } = await db
    .prepare(
      `SELECT s.id, s.ended_at AS lastModified
       FROM streams s JOIN channels ch ON ch.id = s.channel_id
       WHERE s.kind = 2 AND s.ended_at IS NOT NULL AND ${OPEN_TO_ALL} AND (?1 IS NULL OR s.id < ?1)
       ORDER BY s.id DESC LIMIT ?2`,
    )
    .bind(page.before, page.limit)
    .all<SitemapRow>();
  return results;
}

/** The platform's notices (every guest reads them). */
export async function publicNotices(db: D1Database, page: KeysetPage): Promise<SitemapRow[]> {
  const { results } = await db
    .prepare("SELECT id, updated_at AS lastModified FROM cs_posts WHERE kind = 'notice' AND (?1 IS NULL OR id < ?1) ORDER BY id DESC LIMIT ?2")
    .bind(page.before, page.limit)
    .all<SitemapRow>();
  return results;
}
