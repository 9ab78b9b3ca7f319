import type { Translate } from '../lib/i18n';
import type { Locale } from '../shared/locales';
import type { EdgeClient } from '../lib/edge-headers';

/**
 * The embedded API's own environment: bindings, the caller's device and language, and where the client is as far
 * as our edge signed it (src/lib/edge-headers.ts: empty when unsigned); nothing of the edge.
 */
export type ApiEnv = { Bindings: Env; Variables: { deviceId: string; locale: Locale; t: Translate; client: EdgeClient } };
