// The wallet, shop, payment result and payment history pages as the server renders them: guests sent to
// sign-in, the data each page carries for a member, the PG's returns, and a failed checkout told to the API.
import { describe, expect, it } from 'vitest';
import { type Browser, get, propsOf, signUpMember } from './helpers';

type Props = { page: string; me: { loginId: string } | null; data: Record<string, unknown> };

async function page(path: string, browser?: Browser): Promise<{ res: Response; props: Props }> {
  const res = browser ? await browser.open(path) : await get(path);
  return { res, props: propsOf(await res.text()) as unknown as Props };
}

describe('wallet pages', () => {
  it('send guests to sign-in and back, except the failure page', async () => {
    for (const path of ['/luv', '/luv/shop', '/luv/shop/success?paymentKey=k&orderId=o&amount=1', '/luv/payments']) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location')).toBe(`/signin?callbackURL=${encodeURIComponent(path)}`);
    }
    const { res, props } = await page('/luv/shop/fail?orderId=nope&code=X');
    expect(res.status).toBe(200);
    expect(props.page).toBe('SHOP_FAIL');
  });

  it("carry a member's wallet, the shop's packs and their payments", async () => {
    const { browser } = await signUpMember();
    const wallet = await page('/luv', browser);
    expect(wallet.props.page).toBe('LUV');
    expect(wallet.props.data).toMatchObject({ balance: 0, waiting: { luv: 0, count: 0 }, received: { balance: 0, total: 0 }, sent: { items: [], total: 0 }, receivedList: { items: [] } });

    const shop = await page('/luv/shop', browser);
    expect(shop.props.page).toBe('SHOP');
    const data = shop.props.data as { shop: { packs: unknown[]; methods: string[]; provider: string }; refundDays: number; balance: number };
    expect(data.shop.packs.length).toBeGreaterThan(0);
    expect(data.shop.provider).toBe('dev');
    expect(data).toMatchObject({ refundDays: 7, balance: 0 });

    const history = await page('/luv/payments?period=7', browser);
    expect(history.props.page).toBe('PAYMENTS');
    expect(history.props.data).toMatchObject({ period: '7', payments: { items: [], total: 0 }, balance: 0 });
    expect((await page('/luv/payments?period=12', browser)).props.data).toMatchObject({ period: '90' });
  });

  it("tell a member's failed checkout to the API and show its words", async () => {
    const { browser } = await signUpMember();
    const shop = (await (await browser.fetch('/api/shoppings/luv/packs')).json()) as { packs: { packId: string }[] };
    const order = (await (await browser.json('/api/shoppings/luv/orders', { packId: shop.packs[0]!.packId, method: 'creditcard' })).json()) as { orderId: string };
    const { props } = await page(`/luv/shop/fail?code=REJECT_CARD_COMPANY&message=x&orderId=${order.orderId}`, browser);
    expect(props.data.failure).toMatchObject({ orderId: order.orderId, status: 8, message: expect.any(String) });
  });
});
