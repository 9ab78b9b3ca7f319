import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { Refusal } from '../../lib/errors';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { requireMember, requireStaff } from '../middleware/auth';
import {
  bankAccountResponseSchema,
  bankAccountSchema,
  bankListResponseSchema,
  staffWithdrawActionSchema,
  staffWithdrawListQuerySchema,
  staffWithdrawListResponseSchema,
  staffWithdrawResponseSchema,
  withdrawCancelQuerySchema,
  withdrawCancelResponseSchema,
  withdrawListResponseSchema,
  withdrawRequestSchema,
  withdrawResponseSchema,
  withdrawRulesQuerySchema,
  withdrawRulesResponseSchema,
} from '../../shared/payout-schemas';
import { bankAccountOf, bankList, cancelWithdrawal, changeBankAccount, decideWithdrawal, staffWithdrawalList, withdrawalList, withdrawEarnings, withdrawRules } from '../services/payouts';
import { PAGE_DEFAULTS, pageQuery } from '../../shared/paging';
import { reauthRequestSchema, reauthResponseSchema } from '../../shared/reauth-schemas';
import { reauthenticate } from '../services/reauth';
import { clientLimitKey } from '../../lib/client-address';
import { IDEMPOTENCY_HEADER, resolveRequestKey } from '../../lib/request-key';

const listPage = pageQuery(PAGE_DEFAULTS.itemLimit);
const NOT_FOUND = 'No such withdrawal (WITHDRAWAL_NOT_FOUND)';

/** Creator payouts (docs/product/money.md, "Creator payouts"): the creator's calls, members only. */
export const payoutRoutes = new Hono<ApiEnv>()
  .get(
    '/api/luv/withdraw-rules',
    operation({
      tag: 'Payouts',
      summary: 'The rules of a withdrawal (minimum, fee, withholding), and the figures of ?amount',
      description: 'A luv pays out 100 KRW; the platform keeps 20% of the luv; 3% income tax and 0.3% local tax are withheld from the rest, each truncated to 10 won.',
      ok: withdrawRulesResponseSchema,
    }),
    requireMember(),
    validate('query', withdrawRulesQuerySchema),
    (c) => c.json(withdrawRules(c.req.valid('query').amount)),
  )
  .post(
    '/api/luv/withdraw',
    operation({
      tag: 'Payouts',
      summary: 'Ask to withdraw earnings to the registered bank account',
      description:
        'The luv moves from earnings to the pending payout at once; an operator approves and pays it, or rejects it (the luv comes back). ' +
        'idempotencyKey (in the body, else the Idempotency-Key header): a retry with the same key answers the first result (replayed: true) and moves nothing. ' +
        'Without a key, a second request of the same amount within a few seconds is refused (DOUBLE_SUBMIT) and moves nothing. ' +
        'Needs a fresh proof of the member (POST /api/my/reauth within the last 5 minutes of this login).',
      ok: withdrawResponseSchema,
      refusals: {
        400: 'Below the minimum (BELOW_MINIMUM), or a bad amount or key',
        403: 'No fresh proof (REAUTH_REQUIRED)',
        409: 'No bank account registered (NO_BANK_ACCOUNT), earnings short (INSUFFICIENT_EARNINGS), the key was used for another amount (IDEMPOTENCY_CONFLICT), or the same request was just made without a key (DOUBLE_SUBMIT)',
      },
    }),
    requireMember(),
    validate('json', withdrawRequestSchema),
    async (c) => {
      const { amount, idempotencyKey } = c.req.valid('json');
      return c.json(await withdrawEarnings(c.env.DB, c.var.session, amount, resolveRequestKey(idempotencyKey, c.req.header(IDEMPOTENCY_HEADER), amount)));
    },
  )
  .get(
    '/api/luv/withdraw-list',
    operation({ tag: 'Payouts', summary: "The member's withdrawals, newest first, with their earnings and the luv pending", ok: withdrawListResponseSchema }),
    requireMember(),
    validate('query', listPage),
    async (c) => c.json(await withdrawalList(c.env.DB, c.var.session.memberId, c.req.valid('query'))),
  )
  .get(
    '/api/luv/withdraw-cancel',
    operation({
      tag: 'Payouts',
      summary: 'Cancel a withdrawal not yet approved; its luv goes back to earnings',
      description:
        'A GET, as existing clients call it, which another site could make a browser send with its cookies: one that the browser marks as ' +
        'coming from another site (Sec-Fetch-Site: cross-site) is refused. Cancelling again answers the cancelled withdrawal and moves nothing.',
      ok: withdrawCancelResponseSchema,
      refusals: {
        403: 'Sent from another site (CROSS_SITE)',
        404: `${NOT_FOUND}, or it is someone else's`,
        409: 'It was approved, paid or rejected already (WITHDRAWAL_STATE)',
      },
    }),
    requireMember(),
    validate('query', withdrawCancelQuerySchema),
    async (c) => {
      c.header('cache-control', 'no-store');
      if (c.req.header('sec-fetch-site') === 'cross-site') throw new Refusal(403, 'CROSS_SITE', 'payout.errors.crossSite');
      return c.json(await cancelWithdrawal(c.env.DB, c.var.session.memberId, c.req.valid('query').withdrawId));
    },
  )
  .post(
    '/api/my/reauth',
    operation({
      tag: 'Payouts',
      summary: 'Prove the signed-in member again before changing the bank account or withdrawing',
      description:
        'The password, or (a member who signed up through a social provider has none) the authKey of a new identity check of the member (GET /api/personal-auth?type=personal). ' +
        'The proof counts for 5 minutes in this login. Wrong passwords count toward the sign-in lockout.',
      ok: reauthResponseSchema,
      refusals: {
        400: 'The authKey is unknown, used or late (IDENTITY_INVALID), or the request fails validation (BAD_REQUEST)',
        403: 'Wrong password (PASSWORD_WRONG), or the identity check verified someone else (IDENTITY_MISMATCH)',
        409: 'The member has no password: use an identity check (NO_PASSWORD)',
        429: 'Too many wrong passwords (TOO_MANY_ATTEMPTS)',
      },
    }),
    requireMember(),
    validate('json', reauthRequestSchema),
    async (c) => c.json(await reauthenticate(c.env.DB, c.var.session, c.req.valid('json'), clientLimitKey(c.env.ENVIRONMENT, c.var.client.ip))),
  )
  .get('/api/my/banks', operation({ tag: 'Payouts', summary: 'Banks a payout can go to (3-digit codes), named in the caller’s language', ok: bankListResponseSchema }), requireMember(), (c) =>
    c.json(bankList(c.var.t)),
  )
  .get('/api/my/bank-account', operation({ tag: 'Payouts', summary: "The member's payout bank account, or null", ok: bankAccountResponseSchema }), requireMember(), async (c) =>
    c.json(await bankAccountOf(c.env.DB, c.var.session.memberId)),
  )
  .put(
    '/api/my/bank-account',
    operation({
      tag: 'Payouts',
      summary: "Register or change the member's payout bank account",
      description:
        'Needs a fresh proof of the member (POST /api/my/reauth within the last 5 minutes of this login), and the holder must be the member as identity verification named them (spaces and case aside). Requests made before keep the account they were made with.',
      ok: bankAccountResponseSchema,
      refusals: {
        400: 'The holder is not the verified name (HOLDER_MISMATCH), or the request fails validation (BAD_REQUEST)',
        403: 'No fresh proof (REAUTH_REQUIRED)',
        409: 'The member is not identity-verified (IDENTITY_REQUIRED)',
      },
    }),
    requireMember(),
    validate('json', bankAccountSchema),
    async (c) => c.json(await changeBankAccount(c.env.DB, c.var.session, c.req.valid('json'))),
  );

// Generic in the path so the route keeps its literal pattern in the API's type (src/api/api-type.ts).
const decide = <P extends string>(path: P, status: 'approved' | 'paid' | 'rejected', summary: string) =>
  new Hono<ApiEnv>().post(
    path,
    operation({ tag: 'Staff', summary, ok: staffWithdrawResponseSchema, refusals: { 404: NOT_FOUND, 409: 'Not allowed from its state now (WITHDRAWAL_STATE)' } }),
    requireMember(),
    requireStaff(),
    validate('param', staffWithdrawActionSchema),
    async (c) => {
      c.header('cache-control', 'no-store');
      return c.json(await decideWithdrawal(c.env.DB, c.req.valid('param').withdrawId, status));
    },
  );

/** Operators' side of payouts (P and O members): the queue, approve, pay (the bank transfer was made), reject. */
export const staffPayoutRoutes = new Hono<ApiEnv>()
  .get(
    '/api/admin/payouts',
    operation({
      tag: 'Staff',
      summary: 'Withdrawals, newest first, optionally in one status',
      description: 'Each with its creator (login id and nickname), figures and bank account; `counts` says how many withdrawals are in each status. The staff page /staff/payouts shows this list.',
      ok: staffWithdrawListResponseSchema,
    }),
    requireMember(),
    requireStaff(),
    validate('query', staffWithdrawListQuerySchema.extend(pageQuery(PAGE_DEFAULTS.streamLimit).shape)),
    async (c) => {
      const { status, offset, limit } = c.req.valid('query');
      c.header('cache-control', 'no-store');
      return c.json(await staffWithdrawalList(c.env.DB, status ?? null, { offset, limit }));
    },
  )
  .route('/', decide('/api/admin/payouts/:withdrawId/approve', 'approved', 'Approve a requested withdrawal (no money moves)'))
  .route('/', decide('/api/admin/payouts/:withdrawId/pay', 'paid', 'Mark an approved withdrawal paid: its luv leaves the ledger (fee to platform revenue)'))
  .route('/', decide('/api/admin/payouts/:withdrawId/reject', 'rejected', 'Reject a requested or approved withdrawal: its luv goes back to earnings'));
