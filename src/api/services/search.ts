// Search: one query over channels, lives on air, recordings, channels' notices and board posts, each kind found as
// its lists would show it to this viewer (src/db/search.ts holds the rules in SQL). The product's rules:
// docs/product/community.md, "Search"; the index: docs/decisions.md, "Search".

import {
  channelsStatement,
  livesStatement,
  noticesStatement,
  postsStatement,
  recordingsStatement,
  searchTerms,
  type SearchChannelRow,
  type SearchNoticeRow,
  type SearchPostRow,
  type SearchRules,
} from '../../db/search';
import type { StreamRow } from '../../db/streams';
import type { SearchKind, SearchTab } from '../../shared/search';
import type { SearchChannel, SearchNotice, SearchPost, SearchResults, SearchSuggestions } from '../../shared/search-schemas';
import type { ChannelSettings } from '../../shared/streams-api';
import { toStreamCard } from './streams';

/** The tab "all" shows this many of each kind. */
export const ALL_TAB_EACH = 5;
/** The suggestions under the header's box. */
export const SUGGESTIONS = 6;

const toChannel = (r: SearchChannelRow): SearchChannel => ({
  channelId: r.channelId,
  loginId: r.loginId,
  nickname: r.nickname,
  title: r.title,
  description: r.description,
  followerCount: r.followerCount,
  adult: r.adult === 1,
  hasPassword: r.hasPassword === 1,
  live: r.liveStreamId === null ? null : { streamId: r.liveStreamId, title: r.liveTitle ?? '', viewerCount: r.liveViewers ?? 0 },
});
const toNotice = (r: SearchNoticeRow): SearchNotice => ({ noticeId: r.noticeId, title: r.title, channel: { loginId: r.loginId, nickname: r.nickname }, createdAt: r.createdAt });
const toPost = (r: SearchPostRow): SearchPost => ({
  postId: r.postId,
  title: r.title,
  channel: { loginId: r.loginId, nickname: r.nickname },
  authorNickname: r.authorNickname,
  createdAt: r.createdAt,
});

const STATEMENTS = { channels: channelsStatement, lives: livesStatement, recordings: recordingsStatement, notices: noticesStatement, posts: postsStatement } as const;
const MAPPERS = {
  channels: (rows: unknown[]) => (rows as SearchChannelRow[]).map(toChannel),
  lives: (rows: unknown[]) => (rows as StreamRow[]).map(toStreamCard),
  recordings: (rows: unknown[]) => (rows as StreamRow[]).map(toStreamCard),
  notices: (rows: unknown[]) => (rows as SearchNoticeRow[]).map(toNotice),
  posts: (rows: unknown[]) => (rows as SearchPostRow[]).map(toPost),
} as const;

const rulesOf = (viewerId: number | null, settings: ChannelSettings): SearchRules => ({
  viewerId: viewerId ?? 0,
  switches: { broadcasting: settings.broadcasting, adultBroadcast: settings.adultBroadcast, adultPlusBroadcast: settings.adultPlusBroadcast },
});

/**
 * A normalized query (src/shared/search.ts), on a tab: "all" answers the first few of every kind, a kind's tab a
 * page of it. Each kind asks one row more than it shows, to say whether there are more. One round trip (a batch).
 */
export async function search(db: D1Database, input: { q: string; tab: SearchTab; offset: number; limit: number }, viewerId: number | null, settings: ChannelSettings): Promise<SearchResults> {
  const terms = searchTerms(input.q);
  const rules = rulesOf(viewerId, settings);
  const kinds: SearchKind[] = input.tab === 'all' ? (Object.keys(STATEMENTS) as SearchKind[]) : [input.tab];
  const page = input.tab === 'all' ? { offset: 0, limit: ALL_TAB_EACH } : { offset: input.offset, limit: input.limit };
  const answers = await db.batch(kinds.map((kind) => STATEMENTS[kind](db, terms, rules, { offset: page.offset, limit: page.limit + 1 })));
  const results: SearchResults = {
    q: input.q,
    tab: input.tab,
    offset: page.offset,
    limit: page.limit,
    channels: { items: [], more: false },
    lives: { items: [], more: false },
    recordings: { items: [], more: false },
    notices: { items: [], more: false },
    posts: { items: [], more: false },
  };
  kinds.forEach((kind, i) => {
    const rows = answers[i]!.results;
    // Each mapper answers its own kind's items; the union of the five is what TypeScript sees here.
    (results[kind] as { items: unknown[]; more: boolean }) = { items: MAPPERS[kind](rows.slice(0, page.limit)), more: rows.length > page.limit };
  });
  return results;
}

/** What the header's box suggests as the viewer types: the first channels, on air first. */
export async function suggest(db: D1Database, q: string, viewerId: number | null, settings: ChannelSettings): Promise<SearchSuggestions> {
  const { results } = await channelsStatement(db, searchTerms(q), rulesOf(viewerId, settings), { offset: 0, limit: SUGGESTIONS }).all<SearchChannelRow>();
  return { channels: results.map(toChannel) };
}
