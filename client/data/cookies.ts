/** A cookie the page may read (not HttpOnly), or null; null on the server. Own module: the login tabs on every page need it, not the account calls. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}
