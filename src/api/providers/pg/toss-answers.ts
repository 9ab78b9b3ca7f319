// Toss's JSON as we read it (its Payment object, its error, its two kinds of webhook body), checked by zod
// schemas. A field we need that is missing or malformed makes the whole answer unreadable (null); one we only
// show (method, approvedAt, secret, the virtual account) is read as null or '' instead.
import * as z from 'zod';
import { PG_STATUSES, type PgEvent, type PgPayment } from './gateway';

/** A non-empty string; null when missing or anything else. */
const optionalText = z.string().min(1).nullable().catch(null);
const text = z.string().min(1);
/** The virtual account's fields are shown as given: a missing one is ''. */
const shown = z
  .unknown()
  .optional()
  .transform((v) => String(v ?? ''));

const paymentFields = {
  paymentKey: text,
  orderId: text,
  status: z.enum(PG_STATUSES),
  totalAmount: z.int(),
  balanceAmount: z.int().nullable().catch(null),
  method: optionalText,
  approvedAt: optionalText,
  secret: optionalText,
  virtualAccount: z.object({ accountNumber: shown, bank: shown, customerName: shown, dueDate: shown }).nullable().catch(null),
};

const toPayment = ({ balanceAmount, ...p }: z.infer<z.ZodObject<typeof paymentFields>>): PgPayment => ({ ...p, balanceAmount: balanceAmount ?? p.totalAmount });

const paymentSchema = z.object(paymentFields).transform(toPayment);

/** Toss's error answer: { code, message }. */
const errorSchema = z.object({ code: optionalText, message: optionalText }).catch({ code: null, message: null });

/** PAYMENT_STATUS_CHANGED: the payment as it is now, and what tells this change from another of the same status. */
const statusChangedSchema = z.object({
  createdAt: optionalText,
  data: z.object({ ...paymentFields, lastTransactionKey: optionalText }),
});

/** DEPOSIT_CALLBACK: { createdAt, secret, status, transactionKey, orderId } (no eventType, no amount). */
const depositCallbackSchema = z.object({ orderId: text, status: z.enum(PG_STATUSES), secret: text, transactionKey: text });

/** A JSON object's fields; null for anything else (not JSON, an array, a scalar). */
export function parseJson(body: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(body) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Toss's Payment object; null when it is not one. */
export function readPayment(json: unknown): PgPayment | null {
  const parsed = paymentSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/** Toss's error answer's code and message; null for each it does not give. */
export const readError = (json: unknown): { code: string | null; message: string | null } => errorSchema.parse(json);

/** The event a (verified) PAYMENT_STATUS_CHANGED body or DEPOSIT_CALLBACK body describes; null when it is neither. */
export function readEvent(json: Record<string, unknown>): PgEvent | null {
  if (json.eventType === 'PAYMENT_STATUS_CHANGED') {
    const parsed = statusChangedSchema.safeParse(json);
    if (!parsed.success) return null;
    const { lastTransactionKey, ...data } = parsed.data.data;
    const payment = toPayment(data);
    const transaction = lastTransactionKey ?? parsed.data.createdAt ?? '';
    return {
      eventId: `status:${payment.paymentKey}:${payment.status}:${transaction}`,
      eventType: 'PAYMENT_STATUS_CHANGED',
      orderId: payment.orderId,
      paymentKey: payment.paymentKey,
      status: payment.status,
      totalAmount: payment.totalAmount,
      secret: payment.secret,
    };
  }
  const parsed = depositCallbackSchema.safeParse(json);
  if (!parsed.success) return null;
  const { orderId, status, secret, transactionKey } = parsed.data;
  return { eventId: `deposit:${transactionKey}:${status}`, eventType: 'DEPOSIT_CALLBACK', orderId, paymentKey: null, status, totalAmount: null, secret };
}
