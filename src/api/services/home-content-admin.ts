// Staff editing home content (P and O members): a banner, popup, theme or logo made, changed or removed for one
// brand or every brand. Each change is one batch with its audit row (before and after); an image passes the
// upload module's checks before anything is written; the guests' cached home and theme pages are purged once the
// batch is in, so the change shows at once.
import { Refusal } from '../../lib/errors';
import { knownBrandIds } from '../../lib/kv-config';
import { auditStatement } from '../../db/staff-audit';
import {
  deleteContentStatements,
  findContent,
  listAllContent,
  nextContentId,
  saveBannerStatement,
  saveLogoStatement,
  savePopupStatement,
  saveThemeStatement,
  themeCodeTaken,
} from '../../db/home-content-admin';
import type { BannerForm, HomeContentKind, LogoForm, PopupForm, StaffContentSaved, StaffHomeContent, ThemeForm } from '../../shared/home-content-schemas';
import { IMAGE_TYPES, UPLOAD_KEY_PATTERN } from '../../shared/uploads';
import { PAGE_SCOPES, purgePages } from '../../edge-cache';
import { checkUpload, discardUploads, storeUpload } from './uploads';
import { isConflict } from '../../db/conflict';

export const HOME_CONTENT_UPLOAD_PURPOSE = 'home-content';

/** What each kind is called in the audit log (`banner.create`, target type `banner`). */
const SINGULAR: Record<HomeContentKind, string> = { banners: 'banner', popups: 'popup', themes: 'theme', logos: 'logo' };

export type ContentForm = { kind: 'banners'; form: BannerForm } | { kind: 'popups'; form: PopupForm } | { kind: 'themes'; form: ThemeForm } | { kind: 'logos'; form: LogoForm };

export async function staffHomeContent(env: Env): Promise<StaffHomeContent> {
  const [brands, banners, popups, themes, logos] = await Promise.all([
    knownBrandIds(env.CONFIG),
    listAllContent(env.DB, 'banners'),
    listAllContent(env.DB, 'popups'),
    listAllContent(env.DB, 'themes'),
    listAllContent(env.DB, 'logos'),
  ]);
  return { brands, banners, popups, themes, logos } as StaffHomeContent;
}

const uploadKeyOf = (url: string | null | undefined) => {
  const key = url?.startsWith('/api/uploads/') ? url.slice('/api/uploads/'.length) : null;
  return key && UPLOAD_KEY_PATTERN.test(key) ? key : null;
};

const notFound = () => new Refusal(404, 'CONTENT_NOT_FOUND', 'staffContent.errors.notFound');

/** The guests' home and theme pages (every brand's) show home content: they are built again on their next visit. */
const purge = (env: Env) => purgePages(env, [PAGE_SCOPES.lists]);

/**
 * Make (id null) or change a row. Refusals, before anything is stored: 400 for a brand no host serves or a banner
 * or logo without an image, 404 for a row that is not there, 409 for a theme code in use, the upload module's
 * 413/415 for an image it refuses.
 */
export async function saveContent(env: Env, actorId: number, input: ContentForm, id: number | null): Promise<StaffContentSaved> {
  const { kind, form } = input;
  if (form.brand !== '*' && !(await knownBrandIds(env.CONFIG)).includes(form.brand)) throw new Refusal(400, 'BAD_REQUEST', 'errors.badRequest', { brand: 'unknown' });
  const before = id === null ? null : await findContent(env.DB, kind, id);
  if (id !== null && !before) throw notFound();
  if (kind === 'themes' && (await themeCodeTaken(env.DB, form.code, id))) throw new Refusal(409, 'THEME_CODE_TAKEN', 'staffContent.errors.codeTaken', { code: 'taken' });
  const file = 'image' in form ? form.image : undefined;
  const oldImage = before && 'imageUrl' in before ? before.imageUrl : null;
  if (!file && !oldImage && (kind === 'banners' || kind === 'logos')) throw new Refusal(400, 'BAD_REQUEST', 'errors.badRequest', { image: 'required' });
  const checked = file ? await checkUpload(file as unknown as File, IMAGE_TYPES) : null;

  const stored = checked ? await storeUpload(env, actorId, HOME_CONTENT_UPLOAD_PURPOSE, checked) : null;
  const imageUrl = stored?.url ?? oldImage;
  try {
    // A new row's id is chosen first so its audit row can name it; another staff member taking it meanwhile fails
    // the batch (primary key), which is tried again with the next one.
    for (let attempt = 0; ; attempt++) {
      const rowId = id ?? (await nextContentId(env.DB, kind));
      const statement = saveStatement(env.DB, rowId, input, imageUrl, id !== null);
      const after = { ...withoutImage(form), ...(kind === 'themes' ? {} : { imageUrl }) };
      const audit = auditStatement(env.DB, { actorId, action: `${SINGULAR[kind]}.${id === null ? 'create' : 'update'}`, targetType: SINGULAR[kind], targetId: rowId, before, after });
      try {
        await env.DB.batch([statement, audit]);
      } catch (err) {
        if (id === null && attempt < 3 && isConflict(err, 'unique', `${kind}.id`)) continue;
        throw err;
      }
      if (stored && oldImage) {
        const old = uploadKeyOf(oldImage);
        if (old) await discardUploads(env, [old]);
      }
      await purge(env);
      return { id: rowId, kind };
    }
  } catch (err) {
    if (stored) await discardUploads(env, [stored.key]);
    throw err;
  }
}

function withoutImage<F extends object>(form: F): Omit<F, 'image'> {
  const { image: _image, ...rest } = form as F & { image?: unknown };
  return rest;
}

function saveStatement(db: D1Database, id: number, input: ContentForm, imageUrl: string | null, update: boolean): D1PreparedStatement {
  switch (input.kind) {
    case 'banners':
      return saveBannerStatement(db, id, { ...withoutImage(input.form), imageUrl }, update);
    case 'popups':
      return savePopupStatement(db, id, { ...withoutImage(input.form), imageUrl }, update);
    case 'themes':
      return saveThemeStatement(db, id, input.form, update);
    case 'logos':
      return saveLogoStatement(db, id, { ...withoutImage(input.form), imageUrl }, update);
  }
}

/** Remove a row (a theme's channels keep broadcasting, without a theme), with its audit row; then its image. */
export async function deleteContent(env: Env, actorId: number, kind: HomeContentKind, id: number): Promise<StaffContentSaved> {
  const before = await findContent(env.DB, kind, id);
  if (!before) throw notFound();
  await env.DB.batch([...deleteContentStatements(env.DB, kind, id), auditStatement(env.DB, { actorId, action: `${SINGULAR[kind]}.delete`, targetType: SINGULAR[kind], targetId: id, before })]);
  const key = uploadKeyOf('imageUrl' in before ? before.imageUrl : null);
  if (key) await discardUploads(env, [key]);
  await purge(env);
  return { id, kind };
}
