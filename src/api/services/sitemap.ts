// The sitemap's entries: only pages every guest may open as they are, with no gate. Gated streams never appear,
// and lives only while the operators let lives play at all.
import { publicLives, publicNotices, publicRecordings, type KeysetPage, type SitemapRow } from '../../db/sitemap';
import type { ChannelSettings } from '../../shared/streams-api';
import type { SitemapKind, SitemapPage } from '../../shared/seo-schemas';

const READERS: Record<SitemapKind, (db: D1Database, page: KeysetPage) => Promise<SitemapRow[]>> = {
  live: publicLives,
  vod: publicRecordings,
  notice: publicNotices,
};

export async function sitemapPage(db: D1Database, kind: SitemapKind, page: KeysetPage, settings: Pick<ChannelSettings, 'broadcasting'>): Promise<SitemapPage> {
  if (kind === 'live' && !settings.broadcasting) return { entries: [], next: null };
  const rows = await READERS[kind](db, page);
  const entries = rows.map((row) => ({ id: kind === 'live' ? row.loginId! : String(row.id), lastModified: row.lastModified }));
  const last = rows.at(-1);
  return { entries, next: rows.length === page.limit && last ? String(last.id) : null };
}
