// Input schemas and helpers the watch routes share (SPEC §9 page defaults, ids, the viewer, settings and secret).

import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { jwtSecret } from '../config';
import { MAX_PAGE_LIMIT, PAGE_DEFAULTS } from '../../shared/streams-api';
import { readChannelSettings } from '../../lib/kv-config';
import { loadViewer, type Viewer } from '../services/streams';

/** A positive database id written in decimal (no signs, exponents or spaces). */
export const id = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .transform(Number);

/** ?offset&limit with SPEC §9 defaults: offset 0, limit `defaultLimit`, at most MAX_PAGE_LIMIT. */
export const pageQuery = (defaultLimit: number) =>
  z.object({
    offset: z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number)
      .default(PAGE_DEFAULTS.offset),
    limit: z
      .string()
      .regex(/^\d{1,3}$/)
      .transform(Number)
      .pipe(z.number().int().min(1).max(MAX_PAGE_LIMIT))
      .default(defaultLimit),
  });

export const idParam = z.object({ id });
export const channelIdQuery = z.object({ channelId: id });

/** The signed-in viewer of an optionalMember() route (null: a guest). */
export function viewerOf(c: Context<ApiEnv>): Promise<Viewer | null> {
  return loadViewer(c.env.DB, c.var.optionalSession?.memberId);
}

export const settingsOf = (c: Context<ApiEnv>) => readChannelSettings(c.env.CONFIG);
export const secretOf = (c: Context<ApiEnv>) => jwtSecret(c.env);
