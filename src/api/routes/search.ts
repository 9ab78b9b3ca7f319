import { Hono } from 'hono';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { optionalMember } from '../middleware/auth';
import { searchQuerySchema, searchResultsSchema, searchSuggestionsSchema, suggestQuerySchema } from '../../shared/search-schemas';
import { search, suggest } from '../services/search';
import { settingsOf } from './watch-params';

const BAD_QUERY = 'The words are under 2 or over 50 characters once trimmed, or a bad tab or page (BAD_REQUEST)';
/** A member's answer leaves out whom they blocked: never kept by a shared cache. */
const PRIVATE = { 'cache-control': 'private, no-store' };

/** Search: the results page's kinds, and the header box's suggestions. */
export const searchRoutes = new Hono<ApiEnv>()
  .get(
    '/api/search',
    operation({
      tag: 'Search',
      summary: 'Channels, lives on air, recordings, notices and board posts whose words hold the query',
      description: 'Found as the lists show them to this viewer: adult channels only while adult broadcasting is on, no barred member’s content, none of members the viewer blocked.',
      ok: searchResultsSchema,
      refusals: { 400: BAD_QUERY },
    }),
    optionalMember(),
    validate('query', searchQuerySchema),
    async (c) => c.json(await search(c.env.DB, c.req.valid('query'), c.var.optionalSession?.memberId ?? null, await settingsOf(c)), 200, PRIVATE),
  )
  .get(
    '/api/search/suggest',
    operation({ tag: 'Search', summary: 'Suggestions as the viewer types: the first channels, on air first', ok: searchSuggestionsSchema, refusals: { 400: BAD_QUERY } }),
    optionalMember(),
    validate('query', suggestQuerySchema),
    async (c) => c.json(await suggest(c.env.DB, c.req.valid('query').q, c.var.optionalSession?.memberId ?? null, await settingsOf(c)), 200, PRIVATE),
  );
