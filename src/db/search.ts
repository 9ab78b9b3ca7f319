// Search's SQL (migration 0050): trigram FTS5 indexes of channels, streams, channel notices and board posts, each
// read joined to its table under the rules of what a viewer may find (docs/product/community.md, "Search").
//
// A query of three or more characters is one FTS5 phrase: its trigrams in a row, i.e. the words anywhere inside
// a text. A two-character query has no trigram of its own; every indexed text ends in char(31), so each place the
// two characters occur begins a trigram of the index, and the query is the OR of the index's terms that begin with
// them (its fts5vocab table's range [from, to), at most PAIR_TERMS of them). Both ways read the index, never a scan
// of the table (why: docs/decisions.md, "Search").

import { barredSql } from './sanctions';
import { adultFilter, STREAM_COLUMNS, STREAM_FROM, type AdultSwitches, type StreamRow } from './streams';

type Index = 'search_channels' | 'search_streams' | 'search_lives' | 'search_notices' | 'search_posts' | 'search_post_titles';

/** The most index terms a two-character query stands for (a common pair begins a few hundred at most). */
const PAIR_TERMS = 400;
/** The channels a query ranks: every matching one on air, and the newest this many of the others. */
export const CHANNEL_CANDIDATES = 300;

/** What the statements bind as ?1 and ?2: a phrase (and NULL), or a two-character query's range of terms. */
export type SearchTerms = [phrase: string, unused: null] | [from: string, to: string];

/** The terms of a normalized query of at least two characters (src/shared/search.ts). */
export function searchTerms(q: string): SearchTerms {
  const chars = [...q.toLowerCase()];
  if (chars.length >= 3) return [`"${q.replace(/"/g, '""')}"`, null];
  // The index folds case as toLowerCase does; the range ends before the pair's last character's successor (past the
  // surrogates, which are no characters; after the last code point, the first character's successor ends it).
  const [first, second] = [chars[0]!.codePointAt(0)!, chars[1]!.codePointAt(0)!];
  const next = (c: number) => (c === 0xd7ff ? 0xe000 : c + 1);
  const to = second < 0x10ffff ? String.fromCodePoint(first) + String.fromCodePoint(next(second)) : String.fromCodePoint(next(first));
  return [chars.join(''), to];
}

/** The MATCH expression for `index`: the phrase, or the OR of the terms the pair begins (a term nothing holds when none). */
const matchOf = (index: Index) =>
  `(CASE WHEN ?2 IS NULL THEN ?1 ELSE (SELECT COALESCE(group_concat('"' || replace(term, '"', '""') || '"', ' OR '), '"' || char(31, 31, 31) || '"')
     FROM (SELECT term FROM ${index}_terms WHERE term >= ?1 AND term < ?2 LIMIT ${PAIR_TERMS})) END)`;

/** The lives on air (their stream ids) whose title or channel matches; `channelOnly`: whose channel's words match. */
const livesMatching = (channelOnly: boolean) =>
  `SELECT rowid FROM search_lives WHERE search_lives MATCH ${channelOnly ? `'channel : (' || ${matchOf('search_lives')} || ')'` : matchOf('search_lives')}`;

/** Who searches, and the operators' switches that decide which lives and adult channels lists show. */
export interface SearchRules {
  /** The viewer (0: a guest): what members they blocked does not appear. */
  viewerId: number;
  switches: AdultSwitches & { broadcasting: boolean };
}

/**
 * A member whose content does not appear: barred (blocked by hand, a block or a suspension in force) or blocked by
 * the viewer (their block list, ?3).
 */
const hiddenMember = (m: string) => `(${barredSql(`${m}.id`, `${m}.blocked`)} OR EXISTS (SELECT 1 FROM message_blocks b WHERE b.member_id = ?3 AND b.target_id = ${m}.id))`;
/** Channel `ch` of owner `m` may be listed: its creator not hidden, and an adult channel only while lists show adult lives. */
const channelListed = (s: AdultSwitches) => `NOT ${hiddenMember('m')}${s.adultBroadcast ? '' : ' AND ch.adult = 0 AND ch.adult_plus = 0'}${s.adultPlusBroadcast ? '' : ' AND ch.adult_plus = 0'}`;
/** A live `s` lists show (no lives at all while broadcasting is off). */
const liveListed = (r: SearchRules) => `s.ended_at IS NULL AND s.kind = 1${r.switches.broadcasting ? '' : ' AND 0'}${adultFilter(r.switches)}`;

export interface SearchChannelRow {
  channelId: number;
  loginId: string;
  nickname: string;
  title: string;
  description: string;
  followerCount: number;
  adult: number;
  hasPassword: number;
  liveStreamId: number | null;
  liveTitle: string | null;
  liveViewers: number | null;
}
export interface SearchNoticeRow {
  noticeId: number;
  title: string;
  loginId: string;
  nickname: string;
  createdAt: number;
}
export interface SearchPostRow extends SearchNoticeRow {
  postId: number;
  authorNickname: string;
}

export interface SearchPage {
  limit: number;
  offset: number;
}

/** Paging binds after ?1..?3: LIMIT ?4 OFFSET ?5. */
const binds = (terms: SearchTerms, r: SearchRules, page: SearchPage) => [terms[0], terms[1], r.viewerId, page.limit, page.offset] as const;

/**
 * Matching channels: on air first (busiest first), then the most followed, then the newest; ranked among every
 * matching channel on air (search_lives) and the newest CHANNEL_CANDIDATES others.
 */
export function channelsStatement(db: D1Database, terms: SearchTerms, r: SearchRules, page: SearchPage): D1PreparedStatement {
  return db
    .prepare(
      `WITH hits(id) AS (
         SELECT id FROM (SELECT rowid AS id FROM search_channels WHERE search_channels MATCH ${matchOf('search_channels')} ORDER BY rowid DESC LIMIT ${CHANNEL_CANDIDATES})
         UNION SELECT s.channel_id FROM streams s WHERE s.id IN (${livesMatching(true)}) AND ${liveListed(r)})
       SELECT ch.id AS channelId, m.login_id AS loginId, m.nickname, ch.title, substr(ch.description, 1, 120) AS description, ch.follower_count AS followerCount,
         MAX(ch.adult, ch.adult_plus) AS adult, ch.password_hash IS NOT NULL AS hasPassword, s.id AS liveStreamId, s.title AS liveTitle, s.viewer_count AS liveViewers
       FROM hits JOIN channels ch ON ch.id = hits.id JOIN members m ON m.id = ch.owner_id
         LEFT JOIN streams s ON s.channel_id = ch.id AND ${liveListed(r)}
       WHERE ${channelListed(r.switches)}
       ORDER BY s.id IS NULL, s.viewer_count DESC, ch.follower_count DESC, ch.id DESC LIMIT ?4 OFFSET ?5`,
    )
    .bind(...binds(terms, r, page));
}

/** Lives on air whose title or channel matches, busiest first. */
export function livesStatement(db: D1Database, terms: SearchTerms, r: SearchRules, page: SearchPage): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${STREAM_COLUMNS} FROM ${STREAM_FROM}
       WHERE s.id IN (${livesMatching(false)}) AND ${liveListed(r)} AND ${channelListed(r.switches)}
       ORDER BY s.viewer_count DESC, s.started_at DESC, s.id DESC LIMIT ?4 OFFSET ?5`,
    )
    .bind(...binds(terms, r, page));
}

/** Recordings whose title matches, newest first (the index's order, read from its end). */
export function recordingsStatement(db: D1Database, terms: SearchTerms, r: SearchRules, page: SearchPage): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${STREAM_COLUMNS} FROM search_streams f CROSS JOIN ${STREAM_FROM.replace('streams s', 'streams s ON s.id = f.rowid')}
       WHERE search_streams MATCH ${matchOf('search_streams')} AND s.kind = 2${adultFilter(r.switches)} AND ${channelListed(r.switches)}
       ORDER BY f.rowid DESC LIMIT ?4 OFFSET ?5`,
    )
    .bind(...binds(terms, r, page));
}

/** Channels' notices whose title or text matches, newest first. */
export function noticesStatement(db: D1Database, terms: SearchTerms, r: SearchRules, page: SearchPage): D1PreparedStatement {
  return db
    .prepare(
      `SELECT n.id AS noticeId, n.title, m.login_id AS loginId, m.nickname, n.created_at AS createdAt
       FROM search_notices f CROSS JOIN channel_notices n ON n.id = f.rowid JOIN channels ch ON ch.id = n.channel_id JOIN members m ON m.id = ch.owner_id
       WHERE search_notices MATCH ${matchOf('search_notices')} AND ${channelListed(r.switches)}
       ORDER BY f.rowid DESC LIMIT ?4 OFFSET ?5`,
    )
    .bind(...binds(terms, r, page));
}

/**
 * Board posts whose title or text matches, newest first; a hidden author's posts do not appear. Two characters are
 * looked for in titles alone (search_post_titles: what a pair stands for in the bodies' index costs too much to list).
 */
export function postsStatement(db: D1Database, terms: SearchTerms, r: SearchRules, page: SearchPage): D1PreparedStatement {
  const index: Index = terms[1] === null ? 'search_posts' : 'search_post_titles';
  return db
    .prepare(
      `SELECT p.id AS postId, p.title, m.login_id AS loginId, m.nickname, a.nickname AS authorNickname, p.created_at AS createdAt
       FROM ${index} f CROSS JOIN board_posts p ON p.id = f.rowid JOIN channels ch ON ch.id = p.channel_id JOIN members m ON m.id = ch.owner_id
         JOIN members a ON a.id = p.author_id
       WHERE ${index} MATCH ${matchOf(index)} AND ${channelListed(r.switches)} AND NOT ${hiddenMember('a')}
       ORDER BY f.rowid DESC LIMIT ?4 OFFSET ?5`,
    )
    .bind(...binds(terms, r, page));
}

export type { StreamRow };
