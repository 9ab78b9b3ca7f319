// Search: the calls' shapes, shared by the API (validation, the contract) and the pages. The rules and what a query
// is: src/shared/search.ts and docs/product/community.md, "Search".
import * as z from 'zod';
import { pageQuery } from './paging';
import { normalizeQuery, queryProblem, type SEARCH_KINDS, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, SEARCH_TABS, type SearchTab } from './search';
import { creatorSummarySchema, streamCardSchema } from './streams-schemas';

const id = z.int().positive();
const count = z.int().nonnegative();
const epochMs = z.int().nonnegative();

/** The words: 2 to 50 characters once trimmed; missing or empty is refused as too short, in the caller's language. */
export const searchWords = z
  .string()
  .default('')
  .superRefine((q, ctx) => {
    const problem = queryProblem(q);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, params: { messageKey: problem } });
  })
  .transform(normalizeQuery)
  .describe(`The words, ${SEARCH_MIN_CHARS} to ${SEARCH_MAX_CHARS} characters once trimmed; found anywhere inside a nickname, login ID, title or text`);

const { offset, limit } = pageQuery(20, 50).shape;
export const searchQuerySchema = z.object({
  q: searchWords,
  tab: z
    .enum(SEARCH_TABS as [SearchTab, ...SearchTab[]])
    .default('all')
    .describe('all: the first few of each kind; a kind: a page of that kind alone'),
  offset,
  limit: limit.describe('A page of one kind (all: 5 of each)'),
});
export const suggestQuerySchema = z.object({ q: searchWords });

export const searchChannelSchema = z
  .object({
    channelId: id,
    loginId: z.string(),
    nickname: z.string(),
    title: z.string(),
    description: z.string().describe('Its first 120 characters'),
    followerCount: count,
    adult: z.boolean(),
    hasPassword: z.boolean(),
    live: z.object({ streamId: id, title: z.string(), viewerCount: count }).nullable().describe('Its live on air, when there is one the viewer may see listed'),
  })
  .meta({ id: 'SearchChannel' });
export type SearchChannel = z.infer<typeof searchChannelSchema>;

export const searchNoticeSchema = z.object({ noticeId: id, title: z.string(), channel: creatorSummarySchema, createdAt: epochMs }).meta({ id: 'SearchNotice' });
export type SearchNotice = z.infer<typeof searchNoticeSchema>;

export const searchPostSchema = z.object({ postId: id, title: z.string(), channel: creatorSummarySchema, authorNickname: z.string(), createdAt: epochMs }).meta({ id: 'SearchPost' });
export type SearchPost = z.infer<typeof searchPostSchema>;

const part = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), more: z.boolean().describe('Whether a next page has more') });

export const searchResultsSchema = z
  .object({
    q: z.string().describe('The words as searched (trimmed)'),
    tab: z.enum(SEARCH_TABS as [SearchTab, ...SearchTab[]]),
    offset: count,
    limit: z.int().positive(),
    channels: part(searchChannelSchema).describe('Channels on air first (busiest first), then the most followed, then the newest'),
    lives: part(streamCardSchema).describe('Lives on air whose title or channel matches, busiest first'),
    recordings: part(streamCardSchema).describe('Recordings whose title matches, newest first'),
    notices: part(searchNoticeSchema).describe("Channels' notices, newest first"),
    posts: part(searchPostSchema).describe("Channels' board posts, newest first"),
  })
  .describe('Every kind is there; on a tab of one kind the others are empty')
  .meta({ id: 'SearchResults' });
export type SearchResults = z.infer<typeof searchResultsSchema>;
export type SearchPart<K extends (typeof SEARCH_KINDS)[number]> = SearchResults[K];

export const searchSuggestionsSchema = z.object({ channels: z.array(searchChannelSchema).describe('At most 6, on air first') }).meta({ id: 'SearchSuggestions' });
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;
