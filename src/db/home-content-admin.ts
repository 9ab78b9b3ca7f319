// Staff's side of home content: every row of every brand, and the statements that change one (joined by the
// service to one batch with its audit row).
import type { BannerForm, HomeContentKind, LogoForm, PopupForm, StaffBanner, StaffLogo, StaffPopup, StaffTheme, ThemeForm } from '../shared/home-content-schemas';

type Row = StaffBanner | StaffPopup | StaffTheme | StaffLogo;

const COLUMNS: Record<HomeContentKind, string> = {
  banners: 'id, brand, style, title, subtitle, image_url AS imageUrl, link_url AS linkUrl, sort, starts_at AS startsAt, ends_at AS endsAt, texts',
  popups: 'id, brand, title, body, image_url AS imageUrl, link_url AS linkUrl, starts_at AS startsAt, ends_at AS endsAt, texts',
  themes: 'id, brand, code, name, device, sort, texts',
  logos: 'id, brand, name, image_url AS imageUrl, link_url AS linkUrl, sort',
};
const ORDER: Record<HomeContentKind, string> = { banners: 'brand, style, sort, id', popups: 'brand, starts_at DESC, id DESC', themes: 'brand, sort, id', logos: 'brand, sort, id' };

function withTexts<T>(row: T & { texts?: string }): T {
  if (typeof row.texts !== 'string') return row;
  try {
    return { ...row, texts: JSON.parse(row.texts) as unknown } as T;
  } catch {
    return { ...row, texts: {} } as T;
  }
}

export async function listAllContent<K extends HomeContentKind>(db: D1Database, kind: K): Promise<Row[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS[kind]} FROM ${kind} ORDER BY ${ORDER[kind]}`).all<Row & { texts?: string }>();
  return results.map(withTexts);
}

export async function findContent(db: D1Database, kind: HomeContentKind, id: number): Promise<Row | null> {
  const row = await db.prepare(`SELECT ${COLUMNS[kind]} FROM ${kind} WHERE id = ?`).bind(id).first<Row & { texts?: string }>();
  return row ? withTexts(row) : null;
}

/** The id the next row of `kind` gets: chosen before the batch, so the audit row can name it. */
export async function nextContentId(db: D1Database, kind: HomeContentKind): Promise<number> {
  const row = await db.prepare(`SELECT COALESCE(MAX(id), 0) + 1 AS id FROM ${kind}`).first<{ id: number }>();
  return row!.id;
}

export async function themeCodeTaken(db: D1Database, code: string, exceptId: number | null): Promise<boolean> {
  return !!(await db.prepare('SELECT 1 FROM themes WHERE code = ?1 AND id IS NOT ?2').bind(code, exceptId).first());
}

type Values<F> = Omit<F, 'image'> & { imageUrl: string | null };
const json = (texts: unknown) => JSON.stringify(texts ?? {});

/**
 * The statement that writes a row: an insert under `id` (from nextContentId; a row that took it meanwhile fails
 * the batch on the primary key), or an update of row `id` when `update`.
 */
export function saveBannerStatement(db: D1Database, id: number, v: Values<BannerForm>, update: boolean): D1PreparedStatement {
  const sql = update
    ? 'UPDATE banners SET brand = ?2, style = ?3, title = ?4, subtitle = ?5, image_url = ?6, link_url = ?7, sort = ?8, starts_at = ?9, ends_at = ?10, texts = ?11 WHERE id = ?1'
    : 'INSERT INTO banners (id, brand, style, title, subtitle, image_url, link_url, sort, starts_at, ends_at, texts) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)';
  return db.prepare(sql).bind(id, v.brand, v.style, v.title, v.subtitle, v.imageUrl, v.linkUrl, v.sort, v.startsAt, v.endsAt, json(v.texts));
}

export function savePopupStatement(db: D1Database, id: number, v: Values<PopupForm>, update: boolean): D1PreparedStatement {
  const sql = update
    ? 'UPDATE popups SET brand = ?2, title = ?3, body = ?4, image_url = ?5, link_url = ?6, starts_at = ?7, ends_at = ?8, texts = ?9 WHERE id = ?1'
    : 'INSERT INTO popups (id, brand, title, body, image_url, link_url, starts_at, ends_at, texts) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)';
  return db.prepare(sql).bind(id, v.brand, v.title, v.body, v.imageUrl, v.linkUrl || null, v.startsAt, v.endsAt, json(v.texts));
}

export function saveThemeStatement(db: D1Database, id: number, v: ThemeForm, update: boolean): D1PreparedStatement {
  const sql = update
    ? 'UPDATE themes SET brand = ?2, code = ?3, name = ?4, device = ?5, sort = ?6, texts = ?7 WHERE id = ?1'
    : 'INSERT INTO themes (id, brand, code, name, device, sort, texts) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)';
  return db.prepare(sql).bind(id, v.brand, v.code, v.name, v.device, v.sort, json(v.texts));
}

export function saveLogoStatement(db: D1Database, id: number, v: Values<LogoForm>, update: boolean): D1PreparedStatement {
  const sql = update
    ? 'UPDATE logos SET brand = ?2, name = ?3, image_url = ?4, link_url = ?5, sort = ?6 WHERE id = ?1'
    : 'INSERT INTO logos (id, brand, name, image_url, link_url, sort) VALUES (?1, ?2, ?3, ?4, ?5, ?6)';
  return db.prepare(sql).bind(id, v.brand, v.name, v.imageUrl, v.linkUrl, v.sort);
}

/** Removing a row; a theme first lets go of its channels (they keep broadcasting, without a theme). */
export function deleteContentStatements(db: D1Database, kind: HomeContentKind, id: number): D1PreparedStatement[] {
  const release = kind === 'themes' ? [db.prepare('UPDATE channels SET theme_id = NULL WHERE theme_id = ?').bind(id)] : [];
  return [...release, db.prepare(`DELETE FROM ${kind} WHERE id = ?`).bind(id)];
}
