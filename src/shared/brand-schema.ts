import { z } from 'zod';
import { LOCALES } from './locales';

const url = z.url({ protocol: /^https?$/ });
const hex = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'a #rrggbb colour');
const domain = z.string().regex(/^(?!-)[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'a lower-case domain name');

export const brandIdSchema = z.string().regex(/^[a-z][a-z0-9-]{1,30}$/);

export const brandFeaturesSchema = z.object({
  luv: z.boolean(),
  items: z.boolean(),
  subscriptions: z.boolean(),
  messages: z.boolean(),
  vod: z.boolean(),
  exchangeEvent: z.boolean(),
  agencyInvites: z.boolean(),
  foreignerSignup: z.boolean(),
  coupons: z.boolean(),
});
export type BrandFeatures = z.infer<typeof brandFeaturesSchema>;

/** One brand's configuration (brands/<id>/brand.json, KV `brand:<id>`; docs/architecture.md, "Contracts": Brand). */
export const brandSchema = z
  .object({
    id: brandIdSchema,
    kind: z.enum(['flex', 'shell', 'bread', 'nest', 'live']),
    serviceName: z.string().min(1).max(40),
    url,
    companyName: z.string().min(1),
    companyRegistrationNumber: z.string().min(1),
    representative: z.string().min(1),
    address: z.string().min(1),
    phone: z.string().min(1),
    phoneCountry: z.string().regex(/^[A-Z]{2}$/),
    contactType: z.enum(['email', 'phone', 'chat']),
    email: z.email(),
    seo: z.object({
      title: z.string().min(1),
      description: z.string().min(1).max(300),
      keywords: z.array(z.string().min(1)).min(1),
    }),
    /** The home page's hero line in each of the brand's locales (the SEO description speaks Korean only). */
    hero: z.partialRecord(z.enum(LOCALES), z.string().min(1).max(300)),
    icons: z.object({
      logo: z.string().startsWith('/brands/'),
      favicon: z.string().startsWith('/brands/'),
      appIcon: z.string().startsWith('/brands/'),
    }),
    colors: z.object({ primary: hex, accent: hex, background: hex, text: hex }),
    stores: z.object({ appStore: url.nullable(), playStore: url.nullable() }),
    /** Name of the currency on this brand; the unit underneath is always luv. */
    currency: z.enum(['bell', 'coin']),
    locales: z.array(z.enum(LOCALES)).min(1),
    defaultLocale: z.enum(LOCALES),
    features: brandFeaturesSchema,
    cookieDomains: z.array(domain).min(1),
    chatHost: z.string().nullable(),
  })
  .refine((b) => b.locales.includes(b.defaultLocale), { message: 'defaultLocale must be one of locales', path: ['defaultLocale'] })
  .refine((b) => b.locales.every((locale) => b.hero[locale]), { message: 'a hero line in every locale of the brand', path: ['hero'] })
  .refine((b) => (b.kind === 'live') === (b.currency === 'coin'), { message: 'the live brand says coin, the others bell', path: ['currency'] });

export type Brand = z.infer<typeof brandSchema>;

/** The part of a brand the browser sees. */
export type PublicBrand = Omit<Brand, 'cookieDomains' | 'chatHost'>;

export function publicBrand(brand: Brand): PublicBrand {
  const { cookieDomains: _c, chatHost: _h, ...rest } = brand;
  return rest;
}
