// Staff editing of home content (/staff/content, /api/admin/home-content/...): banners, popups, themes and
// partner logos, each for one brand or every brand ('*'), with Korean text and other locales' in `texts`.
// Forms are multipart (an image may come with them); `texts` travels as one JSON field.
import * as z from 'zod';
import { LOCALES } from './locales';

/** A brand id, or '*' for every brand. */
export const contentBrandSchema = z.union([z.literal('*'), z.string().regex(/^[a-z][a-z0-9-]{1,30}$/)]);

/** The content kinds, as their paths name them. */
export const HOME_CONTENT_KINDS = ['banners', 'popups', 'themes', 'logos'] as const;
export type HomeContentKind = (typeof HOME_CONTENT_KINDS)[number];

/** The text fields each kind has in every locale (Korean in its columns, the others in `texts`). */
export const TEXT_FIELDS = { banners: ['title', 'subtitle'], popups: ['title', 'body'], themes: ['name'], logos: [] } as const satisfies Record<HomeContentKind, readonly string[]>;

/** The locales besides Korean a text may be given in. */
export const TEXT_LOCALES = LOCALES.filter((l) => l !== 'ko');

const formInt = (min: number, max: number) =>
  z
    .string()
    .regex(/^-?\d{1,15}$/)
    .transform(Number)
    .pipe(z.int().min(min).max(max));
/** A moment as milliseconds since the epoch (the page converts its Korean-time inputs). */
const epochMs = formInt(0, 8_640_000_000_000);
/** A link: a path on the site itself, or an https address elsewhere. */
const link = z
  .string()
  .trim()
  .max(500)
  .regex(/^(\/([^/\\\s]\S*)?|https:\/\/\S+)$/, 'a site path or an https address');
const text = (max: number) => z.string().trim().max(max);

/** `texts` as the form sends it: JSON of {locale: {field: text}}, only the kind's fields and the other locales. */
const textsField = (fields: readonly string[], max: number) =>
  z
    .string()
    .max(20_000)
    .default('{}')
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'texts is not JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.partialRecord(z.enum(TEXT_LOCALES as [string, ...string[]]), z.strictObject(Object.fromEntries(fields.map((f) => [f, text(max).optional()])))))
    // Empty texts are no text: the Korean shows instead.
    .transform((texts) => {
      const out: Record<string, Record<string, string>> = {};
      for (const [locale, values] of Object.entries(texts)) {
        const kept = Object.fromEntries(Object.entries(values ?? {}).filter(([, v]) => typeof v === 'string' && v !== ''));
        if (Object.keys(kept).length > 0) out[locale] = kept as Record<string, string>;
      }
      return out;
    });

const image = z
  .file()
  .transform((f) => f as unknown as Blob)
  .optional()
  .describe('An image (JPEG, PNG, GIF, WebP by its bytes; 5 MB, 8192 px a side); on a change, left out keeps the image');

const windowFields = {
  startsAt: epochMs.describe('Shown from (ms)'),
  endsAt: z
    .union([z.literal(''), epochMs])
    .optional()
    .transform((v) => (v === '' || v === undefined ? null : v))
    .describe('Shown until (ms, exclusive); empty: no end'),
};
const ordered = <T extends { startsAt: number; endsAt: number | null }>(v: T) => v.endsAt === null || v.endsAt > v.startsAt;
const ORDER = { message: 'endsAt must be after startsAt', path: ['endsAt'] };

export const bannerFormSchema = z
  .object({
    brand: contentBrandSchema,
    style: z.enum(['classic', 'new']).describe('classic: the carousel; new: the promo cards'),
    title: text(80).min(1),
    subtitle: text(160).default(''),
    linkUrl: link,
    sort: formInt(-1000, 1000).default(0),
    ...windowFields,
    texts: textsField(TEXT_FIELDS.banners, 160),
    image,
  })
  .refine(ordered, ORDER);
export type BannerForm = z.infer<typeof bannerFormSchema>;

export const popupFormSchema = z
  .object({
    brand: contentBrandSchema,
    title: text(80).min(1),
    body: text(1000).min(1),
    linkUrl: z.union([z.literal(''), link]).default(''),
    ...windowFields,
    texts: textsField(TEXT_FIELDS.popups, 1000),
    image,
  })
  .refine(ordered, ORDER);
export type PopupForm = z.infer<typeof popupFormSchema>;

export const themeFormSchema = z.object({
  brand: contentBrandSchema,
  code: z.string().regex(/^[a-z0-9_-]{1,32}$/, 'lower-case letters, digits, - and _'),
  name: text(40).min(1),
  device: z.enum(['ALL', 'PC', 'MOBILE']).default('ALL'),
  sort: formInt(-1000, 1000).default(0),
  texts: textsField(TEXT_FIELDS.themes, 40),
});
export type ThemeForm = z.infer<typeof themeFormSchema>;

export const logoFormSchema = z.object({
  brand: contentBrandSchema,
  name: text(60).min(1),
  linkUrl: link,
  sort: formInt(-1000, 1000).default(0),
  image,
});
export type LogoForm = z.infer<typeof logoFormSchema>;

export const contentIdParamSchema = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .transform(Number),
});

type Texts = Partial<Record<string, Record<string, string>>>;
const textsSchema = z.record(z.string(), z.record(z.string(), z.string())) as z.ZodType<Texts>;
const window = { startsAt: z.number(), endsAt: z.number().nullable() };

export const staffBannerSchema = z.object({
  id: z.int(),
  brand: z.string(),
  style: z.enum(['classic', 'new']),
  title: z.string(),
  subtitle: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  sort: z.int(),
  ...window,
  texts: textsSchema,
});
export const staffPopupSchema = z.object({
  id: z.int(),
  brand: z.string(),
  title: z.string(),
  body: z.string(),
  imageUrl: z.string().nullable(),
  linkUrl: z.string().nullable(),
  ...window,
  texts: textsSchema,
});
export const staffThemeSchema = z.object({ id: z.int(), brand: z.string(), code: z.string(), name: z.string(), device: z.enum(['ALL', 'PC', 'MOBILE']), sort: z.int(), texts: textsSchema });
export const staffLogoSchema = z.object({ id: z.int(), brand: z.string(), name: z.string(), imageUrl: z.string(), linkUrl: z.string(), sort: z.int() });
export type StaffBanner = z.infer<typeof staffBannerSchema>;
export type StaffPopup = z.infer<typeof staffPopupSchema>;
export type StaffTheme = z.infer<typeof staffThemeSchema>;
export type StaffLogo = z.infer<typeof staffLogoSchema>;

/** GET /api/admin/home-content: every row of every brand, windows closed or not. */
export const staffHomeContentSchema = z
  .object({
    brands: z.array(z.string()).describe('The brand ids content may belong to'),
    banners: z.array(staffBannerSchema),
    popups: z.array(staffPopupSchema),
    themes: z.array(staffThemeSchema),
    logos: z.array(staffLogoSchema),
  })
  .meta({ id: 'StaffHomeContent' });
export type StaffHomeContent = z.infer<typeof staffHomeContentSchema>;

export const staffContentSavedSchema = z.object({ id: z.int(), kind: z.enum(HOME_CONTENT_KINDS) }).meta({ id: 'StaffContentSaved' });
export type StaffContentSaved = z.infer<typeof staffContentSavedSchema>;

/** The staff content page's data. */
export interface StaffContentPageData {
  title: string;
  staff: boolean;
  content: StaffHomeContent | null;
}
