import { SIGNIN_PATH } from './constants';

/**
 * A callbackURL we may send the browser to: a same-site path only ("/x?y"), never another origin,
 * a protocol-relative URL or a backslash trick. Anything else is null.
 */
export function safeCallbackPath(value: string | null | undefined): string | null {
  if (!value || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a path with control characters is refused; this finds them
  if (/[\u0000-\u001f\\]/.test(value)) return null;
  return value;
}

/** Where a guest signs in (or up, with `to`) first, to come back to `pathAndSearch` afterwards: the gate, pages and modals alike. */
export function signinLocation(pathAndSearch: string, to: string = SIGNIN_PATH): string {
  return `${to}?callbackURL=${encodeURIComponent(pathAndSearch)}`;
}
