import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { policyTextSchema, type PolicyText } from '../../shared/api-schemas';

const POLICIES = ['service-rules', 'privacy-rules', 'broadcast-rules', 'viewer-rules'] as const;
const key = (file: (typeof POLICIES)[number]) => file.replace(/-(\w)/g, (_, ch: string) => ch.toUpperCase()); // service-rules -> serviceRules

/** GET /static/{file}: policy texts in the caller's language (our own wording, locales/ policy.*). */
export const staticRoutes = new Hono<ApiEnv>().get(
  '/static/:file',
  operation({ tag: 'Site', summary: "A policy text in the caller's language", description: 'Cached for 10 minutes; answers during maintenance too.', ok: policyTextSchema }),
  validate('param', z.object({ file: z.enum(POLICIES) })),
  (c) => {
    const { t } = c.var;
    const name = key(c.req.valid('param').file);
    c.header('cache-control', 'public, max-age=600');
    return c.json({ title: t(`policy.${name}.title`), body: t(`policy.${name}.body`) } satisfies PolicyText);
  },
);
