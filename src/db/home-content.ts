// Home content operators run: banners, popups, themes and partner logos, each for one brand or for every brand
// ('*'), with its Korean text in columns and other locales' in `texts` (JSON).

import type { Banner, Logo, Popup, Theme } from '../shared/streams-api';
import type { Locale } from '../shared/locales';

/** The brand value of content every brand shows. */
export const ALL_BRANDS = '*';

/** A row is shown from starts_at (inclusive) until ends_at (exclusive; NULL: no end). */
const IN_WINDOW = 'starts_at <= ?1 AND (ends_at IS NULL OR ends_at > ?1)';
/** The brand's own rows and those of every brand; ?2 is the brand id. */
const FOR_BRAND = "brand IN (?2, '*')";

/** Other locales' text of a row: {"en": {"title": "..."}}. */
export type Texts = Partial<Record<Locale, Record<string, string>>>;

function parseTexts(json: string): Texts {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' ? (value as Texts) : {};
  } catch {
    return {};
  }
}

/** The row with its text fields in `locale` where it has them; the Korean columns otherwise. */
function localized<R extends Record<string, unknown>, F extends keyof R & string>(row: R & { texts: string }, locale: Locale, fields: readonly F[]): Omit<R, 'texts'> {
  const { texts, ...rest } = row;
  const own = locale === 'ko' ? undefined : parseTexts(texts)[locale];
  if (!own) return rest;
  const out: Record<string, unknown> = { ...rest };
  for (const field of fields) if (typeof own[field] === 'string' && own[field] !== '') out[field] = own[field];
  return out as Omit<R, 'texts'>;
}

export interface Audience {
  brand: string;
  locale: Locale;
}

export async function listBanners(db: D1Database, style: 'classic' | 'new', now: number, { brand, locale }: Audience): Promise<Banner[]> {
  const { results } = await db
    .prepare(`SELECT id, title, subtitle, image_url AS imageUrl, link_url AS linkUrl, texts FROM banners WHERE ${IN_WINDOW} AND ${FOR_BRAND} AND style = ?3 ORDER BY sort, id`)
    .bind(now, brand, style)
    .all<Banner & { texts: string }>();
  return results.map((row) => localized(row, locale, ['title', 'subtitle']));
}

/** Current popups, the most recently started first. */
export async function listPopups(db: D1Database, now: number, { brand, locale }: Audience): Promise<Popup[]> {
  const { results } = await db
    .prepare(`SELECT id, title, body, image_url AS imageUrl, link_url AS linkUrl, texts FROM popups WHERE ${IN_WINDOW} AND ${FOR_BRAND} ORDER BY starts_at DESC, id DESC`)
    .bind(now, brand)
    .all<Popup & { texts: string }>();
  return results.map((row) => localized(row, locale, ['title', 'body']));
}

/** Themes for a device class: 'ALL' rows plus those of the class (null: 'ALL' rows only). */
export async function listThemes(db: D1Database, deviceClass: 'PC' | 'MOBILE' | null, { brand, locale }: Audience): Promise<Theme[]> {
  const { results } = await db
    .prepare(`SELECT id, code, name, texts FROM themes WHERE (device = 'ALL' OR device = ?1) AND ${FOR_BRAND} ORDER BY sort, id`)
    .bind(deviceClass ?? 'ALL', brand)
    .all<Theme & { texts: string }>();
  return results.map((row) => localized(row, locale, ['name']));
}

/** Partner logos: a partner's name is its own in every language. */
export async function listLogos(db: D1Database, brand: string): Promise<Logo[]> {
  const { results } = await db
    .prepare(`SELECT id, name, image_url AS imageUrl, link_url AS linkUrl FROM logos WHERE ${FOR_BRAND.replace('?2', '?1')} ORDER BY sort, id`)
    .bind(brand)
    .all<Logo>();
  return results;
}
