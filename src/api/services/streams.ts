// Stream rules shared by every watch call: the one StreamCard builder, who may play what (accessFor), and
// the playback each stream source needs (playbackFor).

import { LIVE_PATHS, playerTypeFor, type ChannelSettings, type Playback, type PlaybackAccess, type StreamCard, type StreamDetail } from '../../shared/streams-api';
import { signPlayback } from '../../lib/playback-token';
import { hasSeats, needsPlaybackToken } from '../../shared/stream-access';
import { switchedOff } from '../../shared/channel-switches';
import { findMemberById } from '../../db/members';
import type { StreamRow } from '../../db/streams';
import { passExpiry } from '../../db/items';

/** The viewer as the access rules need them: a signed-in member, or a guest holding an adult pass; null for any other guest. */
export interface Viewer {
  /** Null: a guest with an adult pass (src/lib/guest-pass.ts). */
  memberId: number | null;
  identityVerified: boolean;
  adult: boolean;
  /** Until when (epoch ms) the viewer holds a full-room pass; null: none. */
  passUntil: number | null;
}

/** A guest whose adult pass holds: verified and an adult, owning nothing and holding no full-room pass. */
export const GUEST_ADULT_VIEWER: Viewer = { memberId: null, identityVerified: true, adult: true, passUntil: null };

export async function loadViewer(db: D1Database, memberId: number | null | undefined): Promise<Viewer | null> {
  if (!memberId) return null;
  const [member, passEnd] = await Promise.all([findMemberById(db, memberId), passExpiry(db, memberId)]);
  return member ? { memberId: member.id, identityVerified: member.identityVerified === 1, adult: member.adult === 1, passUntil: passEnd === null ? null : passEnd * 1000 } : null;
}

/**
 * A picture's URL, or null: none (`path` null), or gated and no token given. Lists are the same for every viewer
 * (guests' pages come from the edge cache), so a gated picture never reaches them: the /live route refuses it without
 * a token, and the card draws its own gated art.
 */
function pictureUrl(path: string | null, gated: boolean, token?: string): string | null {
  if (path === null || (gated && !token)) return null;
  return gated ? `${path}&token=${encodeURIComponent(token!)}` : path;
}

/** The channel's picture (its newest live's), gated when the channel is (adult-only or password, THUMBNAIL_GATED). */
export function thumbnailUrl(channelId: number, thumbnailAt: number | null, gated: boolean, token?: string): string | null {
  return pictureUrl(thumbnailAt ? LIVE_PATHS.thumbnail(channelId, thumbnailAt) : null, gated, token);
}

/**
 * A stream's picture: a live's is its channel's (the open live's); a recording's its own (its live's middle), never
 * the channel's, which is of the channel's newest live.
 */
function picturePath(row: StreamRow): string | null {
  if (row.endedAt === null) return row.thumbnailAt ? LIVE_PATHS.thumbnail(row.channelId, row.thumbnailAt) : null;
  return row.pictureAt === null ? null : LIVE_PATHS.recordingPicture(row.channelId, row.id, row.pictureAt);
}

/** A stream only some viewers may see: adult-only or password-protected (its card and its picture are gated). */
const isGated = (row: Pick<StreamRow, 'adult' | 'adultPlus' | 'hasPassword'>) => row.adult === 1 || row.adultPlus === 1 || row.hasPassword === 1;
/** Whether a stream's picture shows only with a token: the stream is gated, or for a live the channel's picture is. */
const pictureGated = (row: StreamRow) => isGated(row) || (row.endedAt === null && row.thumbnailGated === 1);

/** Every list's card comes from here. */
export function toStreamCard(row: StreamRow): StreamCard {
  return {
    streamId: row.id,
    channelId: row.channelId,
    kind: row.kind,
    title: row.title,
    creator: { loginId: row.ownerLoginId, nickname: row.ownerNickname },
    thumbnailUrl: pictureUrl(picturePath(row), pictureGated(row)),
    viewerCount: row.viewerCount,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    durationMs: row.durationMs,
    adult: row.adult === 1 || row.adultPlus === 1,
    adultPlus: row.adultPlus === 1,
    hasPassword: row.hasPassword === 1,
    source: row.source,
    themeCode: row.themeCode,
  };
}

/** What the access rule reads of a stream (the chat room passes its channel's open live, or the channel itself). */
export type AccessSubject = Pick<StreamRow, 'ownerId' | 'kind' | 'endedAt' | 'adult' | 'adultPlus' | 'hasPassword'>;

/**
 * A channel with no live on air, as its chat room judges it: its standing stream (kind 3), whose adult flags
 * apply and whose password guards lives only.
 */
export const standingStream = (channel: Pick<StreamRow, 'ownerId' | 'adult' | 'adultPlus'>): AccessSubject => ({
  ownerId: channel.ownerId,
  kind: 3,
  endedAt: null,
  adult: channel.adult,
  adultPlus: channel.adultPlus,
  hasPassword: 0,
});

/** What the player's rule decides; seats ('full') are decided after it, by withSeat. */
export type RuleAccess = Exclude<PlaybackAccess, 'full'>;

const isOpenLive = (row: AccessSubject) => row.endedAt === null && row.kind === 1;

/**
 * Who may play one stream: the owner always plays; adult streams need adult broadcasting switched on and
 * an identity-verified adult (adult-plus ones the same gate, and adult-plus broadcasting on too); a password-protected stream asks for its password (GET /api/guest/live-Auth),
 * and its recording keeps both rules: a live's password does not lapse when it ends. `settings` null asks
 * who may be there whatever the operators' switches say (a chat room outlives a switched-off video).
 */
export function accessFor(row: AccessSubject, viewer: Viewer | null, settings: ChannelSettings | null): RuleAccess {
  if (viewer?.memberId != null && viewer.memberId === row.ownerId) return 'ok';
  const adult = row.adult === 1 || row.adultPlus === 1;
  if (settings && switchedOff({ openLive: isOpenLive(row), adult, adultPlus: row.adultPlus === 1 }, settings)) return 'unavailable';
  if (adult) {
    if (!viewer?.identityVerified) return 'identity';
    if (!viewer.adult) return 'adult';
  }
  if (row.hasPassword === 1) return 'password';
  return 'ok';
}

/**
 * A live with a limited number of seats (the channel's max_viewers) is 'full' once that many watch: only
 * its creator and a holder of an active full-room pass (items 420-422) still get a seat. What the player
 * rule allowed (ok, or a password to ask) is otherwise kept. The count is the live's viewer_count (distinct
 * players of the last 15 s, reaching D1 every few seconds), so a seat is given on a count a moment old.
 */
export function withSeat(access: RuleAccess, row: AccessSubject & Pick<StreamRow, 'maxViewers' | 'viewerCount'>, viewer: Viewer | null, now = Date.now()): PlaybackAccess {
  if (access !== 'ok' && access !== 'password') return access;
  if (!hasSeats(row) || row.kind !== 1 || row.viewerCount < row.maxViewers!) return access;
  if (viewer && ((viewer.memberId !== null && viewer.memberId === row.ownerId) || (viewer.passUntil !== null && viewer.passUntil > now))) return access;
  return 'full';
}

/** Our own restricted streams play only with a signed URL (the /live routes check it by the same rule). */
const isRestricted = (row: StreamRow) => needsPlaybackToken(row);

/** Where and how to play a stream; call only once access is 'ok'. */
export async function playbackFor(row: StreamRow, jwtSecret: string): Promise<Playback | null> {
  if (row.source === 'flex') {
    const path = LIVE_PATHS.streamPlaylist(row.channelId, row.id);
    const signed = isRestricted(row) ? await signPlayback(jwtSecret, row.id) : null;
    const query = signed ? `?token=${encodeURIComponent(signed.token)}` : '';
    const playback: Playback = { playerType: playerTypeFor('flex', path), source: 'flex', url: `${path}${query}`, expiresAt: signed?.expiresAt ?? null };
    // A live rewinds through every segment already stored (the same files, a longer playlist).
    if (row.kind !== 1 || row.endedAt !== null) return playback;
    return { ...playback, rewindUrl: `${LIVE_PATHS.streamRewind(row.channelId, row.id)}${query}`, rewindSince: row.startedAt };
  }
  if (!row.playbackUrl) return null; // a third-party stream whose URL was never stored cannot play
  const base: Playback = { playerType: playerTypeFor(row.source, row.playbackUrl), source: row.source, url: row.playbackUrl, expiresAt: null };
  if (row.source === 'bp_rtc') {
    const whep = /\/whep\/?(\?|$)/i.test(row.playbackUrl);
    return { ...base, whep, hlsUrl: row.externalHlsUrl };
  }
  return base;
}

/** A card plus what this viewer may do with it. */
export async function streamDetail(row: StreamRow, viewer: Viewer | null, settings: ChannelSettings, jwtSecret: string): Promise<StreamDetail> {
  const access = withSeat(accessFor(row, viewer, settings), row, viewer);
  const card = toStreamCard(row);
  if (access !== 'ok') return { ...card, access, playback: null };
  // A viewer who may watch the stream sees its picture too (the player's poster), with a token signed for it.
  const path = picturePath(row);
  const picture = path !== null && pictureGated(row) ? pictureUrl(path, true, (await signPlayback(jwtSecret, row.id)).token) : card.thumbnailUrl;
  return { ...card, thumbnailUrl: picture, access, playback: await playbackFor(row, jwtSecret) };
}
