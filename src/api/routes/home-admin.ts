import { Hono } from 'hono';
import type { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate, validateMultipart } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember, requireStaff } from '../middleware/auth';
import { uploadBody } from '../middleware/upload-body';
import {
  bannerFormSchema,
  contentIdParamSchema,
  type HomeContentKind,
  logoFormSchema,
  popupFormSchema,
  staffContentSavedSchema,
  staffHomeContentSchema,
  themeFormSchema,
} from '../../shared/home-content-schemas';
import { type ContentForm, deleteContent, saveContent, staffHomeContent } from '../services/home-content-admin';

const NO_STORE = { 'cache-control': 'no-store' };
const BASE = '/api/admin/home-content';
const FORMS = { banners: bannerFormSchema, popups: popupFormSchema, themes: themeFormSchema, logos: logoFormSchema } as const satisfies Record<HomeContentKind, z.ZodType>;
const WHAT: Record<HomeContentKind, string> = { banners: 'banner (classic: the carousel; new: a promo card)', popups: 'event popup', themes: 'theme', logos: 'partner logo' };
const SAVE_REFUSALS = {
  400: 'The form fails validation, names a brand no host serves (fields.brand) or a banner or logo has no image (fields.image) (BAD_REQUEST)',
  409: 'The theme code is in use (THEME_CODE_TAKEN)',
  413: 'The image or the request is too large (UPLOAD_TOO_LARGE, UPLOAD_DIMENSIONS)',
  415: 'The image is not a JPEG, PNG, GIF or WebP by its bytes (UPLOAD_TYPE, UPLOAD_UNREADABLE, UPLOAD_SVG)',
};
const NOT_FOUND = 'No such row (CONTENT_NOT_FOUND)';
const EFFECT = "Recorded in the staff audit log with the change; guests' cached home and theme pages are purged, so it shows at once.";

/** Create, change and remove one kind of home content (P and O members). */
function kindRoutes(kind: HomeContentKind) {
  const form = FORMS[kind];
  const input = (c: { req: { valid(target: 'form'): unknown } }) => ({ kind, form: c.req.valid('form') }) as ContentForm;
  return new Hono<ApiEnv>()
    .post(
      `${BASE}/${kind}`,
      operation({ tag: 'Staff', summary: `Add a ${WHAT[kind]} (multipart)`, description: EFFECT, ok: staffContentSavedSchema, refusals: SAVE_REFUSALS }),
      requireMember(),
      requireStaff(),
      uploadBody(),
      validateMultipart(form),
      async (c) => c.json(await saveContent(c.env, c.var.session.memberId, input(c), null), 200, NO_STORE),
    )
    .put(
      `${BASE}/${kind}/:id`,
      operation({
        tag: 'Staff',
        summary: `Change a ${WHAT[kind]} (multipart; an image left out is kept)`,
        description: EFFECT,
        ok: staffContentSavedSchema,
        refusals: { ...SAVE_REFUSALS, 404: NOT_FOUND },
      }),
      requireMember(),
      requireStaff(),
      uploadBody(),
      validate('param', contentIdParamSchema),
      validateMultipart(form),
      async (c) => c.json(await saveContent(c.env, c.var.session.memberId, input(c), c.req.valid('param').id), 200, NO_STORE),
    )
    .delete(
      `${BASE}/${kind}/:id`,
      operation({ tag: 'Staff', summary: `Remove a ${WHAT[kind]}`, description: EFFECT, ok: staffContentSavedSchema, refusals: { 404: NOT_FOUND } }),
      requireMember(),
      requireStaff(),
      validate('param', contentIdParamSchema),
      async (c) => c.json(await deleteContent(c.env, c.var.session.memberId, kind, c.req.valid('param').id), 200, NO_STORE),
    );
}

/** Staff's editing of home content: every brand's banners, popups, themes and logos, and the calls that change them. */
export const homeAdminRoutes = new Hono<ApiEnv>()
  .get(
    BASE,
    operation({ tag: 'Staff', summary: 'Every brand’s home content, in or out of its time window, with its text in every locale', ok: staffHomeContentSchema }),
    requireMember(),
    requireStaff(),
    async (c) => c.json(await staffHomeContent(c.env), 200, NO_STORE),
  )
  .route('/', kindRoutes('banners'))
  .route('/', kindRoutes('popups'))
  .route('/', kindRoutes('themes'))
  .route('/', kindRoutes('logos'));
