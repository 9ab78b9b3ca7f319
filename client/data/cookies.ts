/** A cookie the page may read (not HttpOnly), or null; null on the server. Own module: the login tabs on every page need it, not the account calls. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

interface CookieStoreLike {
  get(name: string): Promise<{ value?: string } | null>;
}

/**
 * The same, without blocking the page: Chromium's document.cookie is a synchronous call to the browser
 * process, 20 ms and more while a page loads. cookieStore (Chromium, Safari 18.4+) answers asynchronously;
 * elsewhere this falls back to readCookie.
 */
export async function readCookieAsync(name: string): Promise<string | null> {
  const store = typeof window === 'undefined' ? undefined : (window as unknown as { cookieStore?: CookieStoreLike }).cookieStore;
  if (!store) return readCookie(name);
  const cookie = await store.get(name).catch(() => null);
  return cookie?.value === undefined ? null : decodeURIComponent(cookie.value);
}
