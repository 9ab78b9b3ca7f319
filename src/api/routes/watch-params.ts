// Input schemas and helpers the watch routes share (ids, the viewer, settings and secret).

import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { jwtSecret } from '../config';
import { readChannelSettings } from '../../lib/kv-config';
import { loadViewer, type Viewer } from '../services/streams';

/** A positive database id written in decimal (no signs, exponents or spaces). */
export const id = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

export const idParam = z.object({ id });
export const channelIdQuery = z.object({ channelId: id });

/** The signed-in viewer of an optionalMember() route (null: a guest). */
export function viewerOf(c: Context<ApiEnv>): Promise<Viewer | null> {
  return loadViewer(c.env.DB, c.var.optionalSession?.memberId);
}

export const settingsOf = (c: Context<ApiEnv>) => readChannelSettings(c.env.CONFIG);
export const secretOf = (c: Context<ApiEnv>) => jwtSecret(c.env);
