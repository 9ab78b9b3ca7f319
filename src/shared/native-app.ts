import { NATIVE_UA_TOKEN } from './constants';

const NATIVE_UA = new RegExp(`${NATIVE_UA_TOKEN}/(\\d+(?:\\.\\d+)?)`);

/** The native wrapper's app version from the user agent, or null outside the wrapper. */
export function nativeAppVersion(userAgent: string): number | null {
  const match = NATIVE_UA.exec(userAgent);
  return match ? Number(match[1]) : null;
}

/** Apps above version 2 verify identity themselves (the bridge's 'personal-auth' message); older ones cannot. */
export const NATIVE_IDENTITY_MIN_VERSION_EXCLUSIVE = 2;
