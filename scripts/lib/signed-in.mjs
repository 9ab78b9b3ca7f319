// A demo member signed in through the site's proxy, as a browser would be: a cookie jar over fetch, the XSRF
// header on writes. The benches use it to call the API as members (bench-ledger, bench-chat) and to open pages as
// them (bench-pages).

/**
 * Sign `loginId` in at `origin` with `password`. `post(path, body)` sends JSON with the member's cookies and
 * XSRF header (and `origin`, when asked for, as a browser's fetch sends it); `get(path)` reads with the cookies.
 * `cookieHeader()` is the jar as a Cookie header; `browserCookies(url)` the jar as a browser takes it for the pages
 * at `url` (Playwright's addCookies), httpOnly where the server said so.
 */
export async function signedIn(origin, loginId, password, { sendOrigin = false } = {}) {
  const jar = new Map(); // name -> { value, httpOnly }
  const keep = (res) => {
    for (const line of res.headers.getSetCookie()) {
      const pair = line.split(';')[0];
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value && !/max-age=0/i.test(line)) jar.set(name, { value, httpOnly: /;\s*httponly/i.test(line) });
      else jar.delete(name);
    }
    return res;
  };
  const cookieHeader = () => [...jar].map(([name, { value }]) => `${name}=${value}`).join('; ');
  const browserCookies = (url) => [...jar].map(([name, { value, httpOnly }]) => ({ name, value, url, httpOnly, sameSite: 'Lax' }));
  const headers = () => ({
    'content-type': 'application/json',
    cookie: cookieHeader(),
    'x-xsrf-token': jar.get('XSRF-TOKEN')?.value ?? '',
    ...(sendOrigin ? { origin } : {}),
  });
  const post = async (path, body) => keep(await fetch(`${origin}${path}`, { method: 'POST', headers: headers(), body: JSON.stringify(body) }));
  const get = async (path) => keep(await fetch(`${origin}${path}`, { headers: headers() }));
  keep(await fetch(`${origin}/v2/api/guest/timeCheck`));
  const res = await post('/v2/api/auth/signin', { loginId, password, loginKeep: false, saveId: false, device: 'PCWEB' });
  if (!res.ok) throw new Error(`sign-in of ${loginId} answered ${res.status}: ${await res.text()}`);
  return { loginId, post, get, cookieHeader, browserCookies };
}
