import type { Brand } from '../shared/brand-schema';
import type { AppType } from '../shared/constants';
import type { Locale } from '../shared/locales';
import type { Translate } from './i18n';

/** Request-scoped values the edge middleware sets, in the order they run. */
export interface EdgeVariables {
  brand: Brand;
  /** The brand's cookie domain that matches the request host; undefined for host-only cookies. */
  cookieDomain: string | undefined;
  locale: Locale;
  t: Translate;
  deviceId: string;
  loggedIn: boolean;
  /** The member's access token for calls to the API: the cookie's, or the one a refresh just stored; undefined for a guest. */
  accessToken: string | undefined;
  isMobile: boolean;
  appType: AppType;
  appVersion: number | null;
}

export type AppEnv = { Bindings: Env; Variables: EdgeVariables };
