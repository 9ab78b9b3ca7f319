import type { ExtractSchema } from 'hono/types';
import type { apiApp } from './app';

/**
 * The embedded API's routes as Hono infers them from the chained route groups (src/api/app.ts): for each path
 * pattern and method, what it takes (param, query, json, form, from its `validate(...)`) and what it answers
 * (its `c.json(...)`). The client reads it from this file's emitted declaration (docs/architecture.md, "API contract").
 */
export type ApiSchema = ExtractSchema<typeof apiApp>;
