import { Hono, type Context } from 'hono';
import type { AppEnv } from '../lib/env';
import { buildPageProps, respond } from '../render/respond';
import { signinRedirect } from '../middleware/gate';
import type { ApiAnswer } from '../proxy/caller';
import { REFUND_WINDOW_DAYS } from '../shared/shop-schemas';
import { PAGE_DEFAULTS } from '../shared/paging';
import {
  DEFAULT_PAYMENT_PERIOD,
  PAYMENT_PERIODS,
  PAYMENTS_PAGE,
  WALLET_PATHS,
  type LuvPageData,
  type PaymentFailData,
  type PaymentPeriod,
  type PaymentsPageData,
  type ShopPageData,
} from '../shared/wallet-pages';
import { loadPageData, type NotLoaded } from './load';
import { guestApi, pageSession, type Api } from './watch-load';
import type { Me } from '../shared/page-props';

/** An answer's body, or null when the call failed: each part of these pages shows on its own. */
const bodyOf = <T>(answer: ApiAnswer<T>): T | null => (answer.ok ? answer.body : null);
const giftPage = { query: { offset: 0, limit: PAGE_DEFAULTS.itemLimit } };

/**
 * A members-only page's member and data: a guest goes to sign-in and comes back here; a failed load leaves the data
 * empty. `balance` is the wallet's, read with the member (Me.balance), for the pages that show it.
 */
async function memberData<T extends object>(c: Context<AppEnv>, load: (api: Api, balance: number | null) => Promise<T>): Promise<{ me: Me; data: T | NotLoaded<T> } | Response> {
  const { me, api } = await pageSession(c);
  if (!me) return signinRedirect(c);
  return { me, data: await loadPageData(c, () => load(api, me.balance ?? null)) };
}

/** The wallet (page key LUV), the shop, the payment result pages and payment history. */
export const walletPages = new Hono<AppEnv>()
  .get(WALLET_PATHS.LUV, async (c) => {
    const title = c.var.t('wallet.title');
    const got = await memberData(c, async (api, balance) => {
      const [waiting, received, sent, receivedList] = await Promise.all([
        api('/api/luv/waiting'),
        api('/api/luv/received'),
        api('/api/luv/sentluv-list', giftPage),
        api('/api/luv/receivedluv-list', giftPage),
      ]);
      return {
        title,
        balance,
        waiting: bodyOf(waiting),
        received: bodyOf(received),
        sent: bodyOf(sent),
        receivedList: bodyOf(receivedList),
      } satisfies LuvPageData;
    });
    return got instanceof Response ? got : respond(c, buildPageProps(c, 'LUV', { ...got.data, title }, got.me));
  })
  .get(WALLET_PATHS.SHOP, async (c) => {
    const title = c.var.t('shop.title');
    const got = await memberData(c, async (api, balance) => {
      const shop = await api('/api/shoppings/luv/packs');
      return { title, shop: bodyOf(shop), balance, refundDays: REFUND_WINDOW_DAYS } satisfies ShopPageData;
    });
    return got instanceof Response ? got : respond(c, buildPageProps(c, 'SHOP', { ...got.data, title }, got.me));
  })
  // The PG's way back. The page confirms the payment itself (POST), once, from the browser.
  .get(WALLET_PATHS.SHOP_SUCCESS, async (c) => {
    const { me } = await pageSession(c);
    if (!me) return signinRedirect(c);
    return respond(c, buildPageProps(c, 'SHOP_SUCCESS', { title: c.var.t('shop.success.title') }, me));
  })
  // A failed checkout is told to the server (a guest call: the page works whoever comes back to it).
  .get(WALLET_PATHS.SHOP_FAIL, async (c) => {
    const title = c.var.t('shop.fail.title');
    const { orderId = '', code, message } = c.req.query();
    const { me } = await pageSession(c);
    const data = await loadPageData(c, async () => {
      if (!orderId) return { title, failure: null } satisfies PaymentFailData;
      const query = { orderId: orderId.slice(0, 64), code: code ? code.slice(0, 100) : undefined, message: message ? message.slice(0, 500) : undefined };
      const failure = await guestApi(c)('/v2/api/guest/payment-failure', { query });
      return { title, failure: bodyOf(failure) } satisfies PaymentFailData;
    });
    return respond(c, buildPageProps(c, 'SHOP_FAIL', { ...data, title }, me));
  })
  .get(WALLET_PATHS.PAYMENTS, async (c) => {
    const title = c.var.t('paymentHistory.title');
    const asked = c.req.query('period') as PaymentPeriod | undefined;
    const period = asked && PAYMENT_PERIODS.includes(asked) ? asked : DEFAULT_PAYMENT_PERIOD;
    const got = await memberData(c, async (api, balance) => {
      const payments = await api('/api/shoppings/flax/payments', { query: { offset: 0, limit: PAYMENTS_PAGE, option: period, mobile: c.var.isMobile } });
      return { title, period, payments: bodyOf(payments), balance } satisfies PaymentsPageData;
    });
    return got instanceof Response ? got : respond(c, buildPageProps(c, 'PAYMENTS', { ...got.data, title }, got.me));
  });
