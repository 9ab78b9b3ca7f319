// Webhook signatures, Toss's scheme (the dev PG signs the same way): HMAC-SHA256 of `${body}:${transmission time}`,
// base64, sent as "v1:<mac>[,v1:<mac>]" with the time in a header of its own. scripts/ops/deposit.mjs signs its
// deposits with the same src/lib/crypto.ts.
import { hmacBase64, timingSafeEqual } from '../../../lib/crypto';

export const SIGNATURE_HEADER = 'tosspayments-webhook-signature';
export const TRANSMISSION_TIME_HEADER = 'tosspayments-webhook-transmission-time';

const webhookMac = (secret: string, body: string, time: string) => hmacBase64(secret, `${body}:${time}`);

/** The headers that sign `body` as sent at `time`. */
export async function signWebhook(secret: string, body: string, time = new Date().toISOString()): Promise<Record<string, string>> {
  return { 'content-type': 'application/json', [SIGNATURE_HEADER]: `v1:${await webhookMac(secret, body, time)}`, [TRANSMISSION_TIME_HEADER]: time };
}

/** Whether one of the signatures the headers carry is `body`'s at the time they name. */
export async function signatureValid(secret: string, headers: Headers, body: string): Promise<boolean> {
  const signature = headers.get(SIGNATURE_HEADER);
  const time = headers.get(TRANSMISSION_TIME_HEADER);
  if (!signature || !time) return false;
  const expected = await webhookMac(secret, body, time);
  const sent = signature.split(',').map((part) => part.trim());
  return sent.some((part) => part.startsWith('v1:') && timingSafeEqual(part.slice(3), expected));
}
