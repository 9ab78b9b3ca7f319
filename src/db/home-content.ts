// Home content operators run: banners, popups, themes and partner logos.

import type { Banner, Logo, Popup, Theme } from '../shared/streams-api';

/** A row is shown from starts_at (inclusive) until ends_at (exclusive; NULL: no end). */
const IN_WINDOW = 'starts_at <= ?1 AND (ends_at IS NULL OR ends_at > ?1)';

export async function listBanners(db: D1Database, style: 'classic' | 'new', now: number): Promise<Banner[]> {
  const { results } = await db
    .prepare(`SELECT id, title, subtitle, image_url AS imageUrl, link_url AS linkUrl FROM banners WHERE ${IN_WINDOW} AND style = ?2 ORDER BY sort, id`)
    .bind(now, style)
    .all<Banner>();
  return results;
}

/** Current popups, the most recently started first. */
export async function listPopups(db: D1Database, now: number): Promise<Popup[]> {
  const { results } = await db.prepare(`SELECT id, title, body, image_url AS imageUrl, link_url AS linkUrl FROM popups WHERE ${IN_WINDOW} ORDER BY starts_at DESC, id DESC`).bind(now).all<Popup>();
  return results;
}

/** Themes for a device class: 'ALL' rows plus those of the class (null: 'ALL' rows only). */
export async function listThemes(db: D1Database, deviceClass: 'PC' | 'MOBILE' | null): Promise<Theme[]> {
  const { results } = await db
    .prepare("SELECT id, code FROM themes WHERE device = 'ALL' OR device = ? ORDER BY sort, id")
    .bind(deviceClass ?? 'ALL')
    .all<Theme>();
  return results;
}

export async function listLogos(db: D1Database): Promise<Logo[]> {
  const { results } = await db.prepare('SELECT id, name, image_url AS imageUrl, link_url AS linkUrl FROM logos ORDER BY sort, id').all<Logo>();
  return results;
}
