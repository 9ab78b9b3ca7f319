// Signing out (client/data/sign-out.ts): calls already under way are answered first, and none starts after the
// button is pressed, so none races the session's end into a 401 (a browser test once logged one).
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('signing out', () => {
  it('waits for the calls under way, starts none after them, then ends the session and goes home', async () => {
    const sent: string[] = [];
    let answerWallet: (res: Response) => void = () => {};
    vi.stubGlobal('fetch', (path: string, init?: RequestInit) => {
      sent.push(`${init?.method ?? 'GET'} ${path}`);
      if (path === '/api/wallet') return new Promise<Response>((resolve) => (answerWallet = resolve));
      return Promise.resolve(new Response('{}', { status: 200 }));
    });
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { pathname: '/', origin: 'http://flex.localhost', assign }, dispatchEvent: () => true });
    vi.stubGlobal('location', { pathname: '/', origin: 'http://flex.localhost', assign });
    vi.stubGlobal('dispatchEvent', () => true);
    const { apiFetch } = await import('../../client/data/api');
    const { signOut } = await import('../../client/data/sign-out');

    const wallet = apiFetch('/api/wallet');
    const signingOut = signOut();
    let lateSettled = false;
    void apiFetch('/api/me').finally(() => (lateSettled = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual(['GET /api/wallet']); // the sign-out waits for the wallet; /api/me never starts

    answerWallet(new Response('{}', { status: 200 }));
    await wallet;
    await signingOut;
    expect(sent).toEqual(['GET /api/wallet', 'POST /api/auth/signout']);
    expect(assign).toHaveBeenCalledWith('/');
    expect(lateSettled).toBe(false);
  });
});
