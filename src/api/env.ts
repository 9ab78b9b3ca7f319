import type { Translate } from '../lib/i18n';
import type { Locale } from '../shared/locales';

/** The embedded API's own environment: bindings, the caller's device and language; nothing of the edge. */
export type ApiEnv = { Bindings: Env; Variables: { deviceId: string; locale: Locale; t: Translate } };
