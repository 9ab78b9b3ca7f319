import { Hono } from 'hono';
import { html } from 'hono/html';
import { z } from 'zod';
import { validate } from '../../lib/validate';
import type { ApiEnv } from '../env';
import { requireMember } from '../middleware/auth';
import { operation } from '../openapi';
import { CHECKOUT_CHOICES, checkoutChoose, checkoutOrder, checkoutToken } from '../services/pg-checkout';
import { DEV_CHECKOUT_PATH } from '../services/payments';

const orderQuery = z.object({ orderId: z.string().min(1).max(64) });
const choiceForm = z.object({ orderId: z.string().min(1).max(64), choice: z.enum(CHECKOUT_CHOICES), token: z.string().min(1).max(100) });
const htmlPage = z.string().describe('An HTML page');

const STYLE = `body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#111}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
fieldset{display:grid;gap:.5rem;border:1px solid #888;padding:1rem}button{font-size:1rem;padding:.6rem;text-align:left}
button:focus-visible{outline:3px solid #1a56db;outline-offset:2px}`;

/**
 * The dev PG's checkout page (PG_PROVIDER=dev only; 404 otherwise): the order and the person's choices, in the
 * caller's language, plain HTML forms so it works from the keyboard and without script.
 */
export const pgCheckoutRoutes = new Hono<ApiEnv>()
  .get(
    DEV_CHECKOUT_PATH,
    operation({
      tag: 'Development',
      summary: "The dev PG's checkout page (HTML) for one of the member's orders",
      description: 'Only with PG_PROVIDER=dev; 404 in production.',
      ok: htmlPage,
      refusals: { 404: 'Not the dev PG, or no such order of the member waiting for payment' },
    }),
    requireMember(),
    validate('query', orderQuery),
    async (c) => {
      const t = c.var.t;
      const order = await checkoutOrder(c.env, c.var.session.memberId, c.req.valid('query').orderId);
      const token = await checkoutToken(c.env, order.orderId);
      const label = (choice: (typeof CHECKOUT_CHOICES)[number]) => t(`pg.choice.${choice}`);
      c.header('cache-control', 'no-store');
      return c.html(html`<!doctype html>
<html lang="${c.var.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${t('pg.title')}</title><style>${STYLE}</style></head>
<body><main>
<h1>${t('pg.title')}</h1>
<p>${t('pg.intro')}</p>
<dl>
<dt>${t('pg.orderName')}</dt><dd>${order.orderName}</dd>
<dt>${t('pg.amount')}</dt><dd>${t('pg.won', { amount: order.amount.toLocaleString('en-US') })}</dd>
<dt>${t('pg.orderId')}</dt><dd><code>${order.orderId}</code></dd>
</dl>
<form method="post" action="${DEV_CHECKOUT_PATH}">
<input type="hidden" name="orderId" value="${order.orderId}"><input type="hidden" name="token" value="${token}">
<fieldset><legend>${t('pg.choose')}</legend>
${CHECKOUT_CHOICES.map((choice) => html`<button type="submit" name="choice" value="${choice}">${label(choice)}</button>`)}
</fieldset>
</form>
</main></body></html>`);
    },
  )
  .post(
    DEV_CHECKOUT_PATH,
    operation({
      tag: 'Development',
      summary: "The person's choice on the dev PG's checkout: answers 303 to the shop's success or fail page",
      ok: htmlPage,
      refusals: { 403: 'Not from the checkout page (XSRF)', 404: 'Not the dev PG, or no such order of the member waiting for payment' },
    }),
    requireMember(),
    validate('form', choiceForm),
    async (c) => c.redirect(await checkoutChoose(c.env, c.var.session.memberId, c.req.valid('form'), c.var.t), 303),
  );
