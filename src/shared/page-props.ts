import type { PublicBrand } from './brand-schema';
import type { AppType } from './constants';
import type { Locale, Messages } from './locales';

/** Page keys the app renders (SPEC §2 names HOME, CHANNEL, ... ; more arrive with later features). */
export const PAGE_KEYS = [
  'HOME',
  'MAINTENANCE',
  'SIGNIN',
  'SIGNUP',
  'SIGNUP_FOREIGNER',
  'COMPLETED_SIGNUP',
  'COMPLETED_SIGNUP_MARKETING',
  'FIND_ID',
  'PERSONAL_AUTH',
  'NOT_FOUND',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

/** The signed-in member as the page sees it; null for a guest. */
export interface Me {
  loginId: string;
  nickname: string;
  identityVerified: boolean;
  isForeigner: boolean;
  adult: boolean;
}

/** Props serialized into the page and read back by the client on hydration (SPEC §3 "Page properties"). */
export interface PageProps {
  page: PageKey;
  path: string;
  me: Me | null;
  isMobile: boolean;
  appType: AppType;
  appVersion: number | null;
  locale: Locale;
  messages: Messages;
  query: Record<string, string>;
  brand: PublicBrand;
  /** Page-specific data; empty when the page's initial data failed to load. */
  data: Record<string, unknown>;
}
