// Web Push: the calls' shapes, shared by the API (validation, the contract) and the pages.
import * as z from 'zod';

const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+$/)
    .length(Math.ceil((bytes * 4) / 3));

export const pushKeySchema = z.object({ publicKey: z.string().describe("Our VAPID public key (base64url, uncompressed P-256): the browser's applicationServerKey") }).meta({ id: 'PushKey' });
export type PushKey = z.infer<typeof pushKeySchema>;

/** What a browser's PushSubscription.toJSON() gives (the expiration time is not kept). */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.url().max(1024).describe("The push service's URL for this browser"),
    keys: z.object({ p256dh: base64url(65).describe("The browser's P-256 public key"), auth: base64url(16).describe("The browser's auth secret") }),
  })
  .meta({ id: 'PushSubscription' });
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z.object({ endpoint: z.url().max(1024) }).meta({ id: 'PushEndpoint' });

export const pushStateSchema = z.object({ subscribed: z.boolean().describe('Whether this browser takes the member’s notices') }).meta({ id: 'PushState' });
export type PushState = z.infer<typeof pushStateSchema>;

/** What a push carries to the service worker, which shows it as a notification (already in the member's language). */
export const pushMessageSchema = z.object({ title: z.string(), body: z.string(), url: z.string().startsWith('/'), tag: z.string() });
export type PushMessage = z.infer<typeof pushMessageSchema>;
