// Reading the XSRF cookie for an API call (client/data/cookies.ts): through cookieStore where the browser has it,
// so the page never blocks on document.cookie, and through document.cookie where it does not.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readCookieAsync } from '../../client/data/cookies';

afterEach(() => vi.unstubAllGlobals());

describe('readCookieAsync', () => {
  it('asks cookieStore when there is one, and decodes the value as document.cookie is decoded', async () => {
    const asked: string[] = [];
    const cookieStore = {
      get: async (name: string) => {
        asked.push(name);
        return name === 'XSRF-TOKEN' ? { name, value: 'a%2Fb' } : null;
      },
    };
    vi.stubGlobal('window', { cookieStore });
    vi.stubGlobal('document', { cookie: 'XSRF-TOKEN=from-document-cookie' });
    expect(await readCookieAsync('XSRF-TOKEN')).toBe('a/b');
    expect(await readCookieAsync('missing')).toBeNull();
    expect(asked).toEqual(['XSRF-TOKEN', 'missing']);
  });

  it('reads document.cookie where there is no cookieStore', async () => {
    vi.stubGlobal('window', {});
    vi.stubGlobal('document', { cookie: 'a=1; XSRF-TOKEN=t%3D1' });
    expect(await readCookieAsync('XSRF-TOKEN')).toBe('t=1');
    expect(await readCookieAsync('b')).toBeNull();
  });

  it('answers null when cookieStore fails', async () => {
    vi.stubGlobal('window', { cookieStore: { get: () => Promise.reject(new Error('denied')) } });
    expect(await readCookieAsync('XSRF-TOKEN')).toBeNull();
  });
});
