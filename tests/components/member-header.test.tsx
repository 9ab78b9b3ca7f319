// A member's page asks the API for what the server did not send: the wallet's balance, not the profile the page's
// props already carry (client/data/use-profile.ts).
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from './fake-api';
import { renderPage } from './render-page';

afterEach(() => vi.unstubAllGlobals());

const ME = { loginId: 'fan01', nickname: '별빛팬', identityVerified: true, isForeigner: false, adult: true, avatarUrl: null };

describe("a member's header", () => {
  it('shows the member from the page at once and the balance once asked, without asking for the profile again', async () => {
    const api = fakeApi({ 'GET /api/luv/luv-sum': { body: { balance: 4321 } } });
    await renderPage('HOME', { path: '/', data: {}, me: ME });
    const header = screen.getByRole('banner');
    expect(header).toHaveTextContent('별빛팬');
    await waitFor(() => expect(header).toHaveTextContent('4,321'));
    expect(api.calls('GET', '/api/luv/luv-sum')).toHaveLength(1);
    expect(api.calls('GET', '/api/my/profile')).toEqual([]);
  });
});
