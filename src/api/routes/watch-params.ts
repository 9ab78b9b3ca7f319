// Input schemas and helpers the watch routes share (ids, the viewer, settings and secret).

import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { jwtSecret } from '../config';
import { readChannelSettings } from '../../lib/kv-config';
import { GUEST_ADULT_VIEWER, loadViewer, type Viewer } from '../services/streams';
import { GUEST_PASS_HEADER, guestPassValid } from '../../lib/guest-pass';

/** A positive database id written in decimal (no signs, exponents or spaces). */
export const id = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

/** The same id as a JSON body's number. */
export const bodyId = z.int().positive().max(Number.MAX_SAFE_INTEGER);

export const idParam = z.object({ id });
export const channelIdQuery = z.object({ channelId: id });

/** Whether this guest holds an adult pass for their device (X-Guest-Pass). */
export const guestAdult = (c: Context<ApiEnv>) => guestPassValid(jwtSecret(c.env), c.var.deviceId, c.req.header(GUEST_PASS_HEADER));

/** The viewer of an optionalMember() route: the signed-in member, a guest with an adult pass, else null. */
export async function viewerOf(c: Context<ApiEnv>): Promise<Viewer | null> {
  const memberId = c.var.optionalSession?.memberId;
  if (memberId) return loadViewer(c.env.DB, memberId);
  return (await guestAdult(c)) ? GUEST_ADULT_VIEWER : null;
}

export const settingsOf = (c: Context<ApiEnv>) => readChannelSettings(c.env.CONFIG);
export const secretOf = (c: Context<ApiEnv>) => jwtSecret(c.env);
