// A member's page asks the API only for what the server did not send: not the profile nor the wallet's balance the
// page's props carry (client/data/use-profile.ts, the header's wallet).
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from './fake-api';
import { renderPage } from './render-page';

afterEach(() => vi.unstubAllGlobals());

const ME = { loginId: 'fan01', nickname: '별빛팬', identityVerified: true, isForeigner: false, adult: true, avatarUrl: null };

describe("a member's header", () => {
  it('shows the member and the balance the page came with, and asks for neither', async () => {
    const api = fakeApi({});
    await renderPage('HOME', { path: '/', data: {}, me: { ...ME, balance: 1500 } });
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('별빛팬');
    expect(header).toHaveTextContent('1,500');
    // Let whatever the page asks for on mount go out before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls('GET', '/api/luv/luv-sum')).toEqual([]);
    expect(api.calls('GET', '/api/my/profile')).toEqual([]);
  });

  it('without a balance from the page, asks for it (and still not for the profile)', async () => {
    const api = fakeApi({ 'GET /api/luv/luv-sum': { body: { balance: 4321 } } });
    await renderPage('HOME', { path: '/', data: {}, me: ME });
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('별빛팬');
    await waitFor(() => expect(header).toHaveTextContent('4,321'));
    expect(api.calls('GET', '/api/luv/luv-sum')).toHaveLength(1);
    expect(api.calls('GET', '/api/my/profile')).toEqual([]);
  });

  it('writes an English amount of one in the singular, in the name the brand gives its currency', async () => {
    fakeApi({});
    await renderPage('HOME', { path: '/', locale: 'en', brand: 'live', data: {}, me: { ...ME, balance: 1 } });
    expect(screen.getByRole('banner')).toHaveTextContent(/(^|\D)1 coin(?!s)/);
  });

  it("writes the wallet page's amounts of one in the singular too (useCurrency), and others in the plural", async () => {
    fakeApi({});
    await renderPage('LUV', {
      path: '/luv',
      locale: 'en',
      brand: 'live',
      data: { title: 'Wallet', balance: 1, waiting: null, received: { balance: 2, thisMonth: 1, total: 2, count: 1 }, sent: null, receivedList: null },
      me: { ...ME, balance: 1 },
    });
    expect(screen.getByRole('main')).toHaveTextContent(/Balance\s*1 coin(?!s)/);
    expect(screen.getByTestId('earnings-balance')).toHaveTextContent(/^2 coins$/);
    expect(screen.getByRole('main')).toHaveTextContent('2 coins (1 gift)');
  });
});
