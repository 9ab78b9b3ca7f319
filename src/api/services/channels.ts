// What viewers ask about a channel: its page, one stream, broadcast time, lookups by login ID, subscriber
// and notice counters, and the password check of protected lives.

import { PAGE_DEFAULTS } from '../../shared/paging';
import type { ChannelFindResponse, ChannelPageResponse, ChannelSettings, LiveAuthResponse, LiveTimeOption, LiveTimeResponse, StreamDetail, SubscriberCountResponse } from '../../shared/streams-api';
import { signPlayback } from '../../lib/playback-token';
import { verifyPassword } from '../../lib/crypto';
import {
  channelExists,
  clearLiveAuthAttempts,
  findChannel,
  findChannelByLoginId,
  isSubscribed,
  LIVE_AUTH_CHANNEL_KEY,
  liveAuthClientKey,
  noticeSummary,
  returnLiveAuthAttempt,
  subscriberCount,
  takeLiveAuthAttempt,
} from '../../db/channels';
import { broadcastsBetween, findOpenLive, findStream, listRecorded } from '../../db/streams';
import { accessFor, playbackFor, standingStream, withSeat, streamDetail, thumbnailUrl, toStreamCard, type RuleAccess, type Viewer } from './streams';
import { Refusal } from '../../lib/errors';
import { notFoundChannel } from './watch-error';
import { pinnedNoticeOf } from './notices';
import { linksOf } from './channel-profile';
import { uploadUrl } from '../../shared/uploads';

/** Password tries per window: per device; per client address on one channel; on one channel from everyone. */
export const LIVE_AUTH_MAX_TRIES = 10;
export const LIVE_AUTH_MAX_CLIENT_TRIES = 30;
export const LIVE_AUTH_MAX_CHANNEL_TRIES = 100;
export const LIVE_AUTH_WINDOW_MS = 10 * 60_000;

/** A standing stream asks no password and no operators' switch is read for a room: only the adult rules remain. */
const offAirChatAccess = (access: RuleAccess): 'ok' | 'identity' | 'adult' => (access === 'identity' || access === 'adult' ? access : 'ok');

export async function channelPage(db: D1Database, channelId: number, viewer: Viewer | null, settings: ChannelSettings, secret: string): Promise<ChannelPageResponse> {
  const [channel, subscribers, notices, subscribed, live, recorded, pinnedNotice] = await Promise.all([
    findChannel(db, channelId),
    subscriberCount(db, channelId),
    noticeSummary(db, channelId),
    viewer?.memberId ? isSubscribed(db, viewer.memberId, channelId) : Promise.resolve(false),
    findOpenLive(db, channelId),
    listRecorded(db, channelId, { offset: PAGE_DEFAULTS.offset, limit: PAGE_DEFAULTS.recordedLimit }),
    pinnedNoticeOf(db, channelId),
  ]);
  if (!channel) throw notFoundChannel();
  return {
    channel: {
      channelId,
      creator: { loginId: channel.ownerLoginId, nickname: channel.ownerNickname },
      title: channel.title,
      description: channel.description,
      themeCode: channel.themeCode,
      subscriberCount: subscribers,
      noticeCount: notices.count,
      latestNoticeAt: notices.latestAt,
      thumbnailUrl: thumbnailUrl(channelId, channel.thumbnailAt, channel.thumbnailGated === 1),
      subscribed,
      profileImageUrl: channel.profileImageKey ? uploadUrl(channel.profileImageKey) : null,
      bannerUrl: channel.bannerKey ? uploadUrl(channel.bannerKey) : null,
      links: linksOf(channel),
      // The room's rule while nothing is on air (chat.ts asks the same), so the page opens no socket it would be refused.
      chatAccess: offAirChatAccess(accessFor(standingStream(channel), viewer, null)),
    },
    live: live ? await streamDetail(live, viewer, settings, secret) : null,
    recorded: recorded.rows.map(toStreamCard),
    pinnedNotice,
  };
}

/** One stream, live or recorded (the recorded-stream player page). */
export async function streamById(db: D1Database, streamId: number, viewer: Viewer | null, settings: ChannelSettings, secret: string): Promise<StreamDetail> {
  const row = await findStream(db, streamId);
  if (!row) throw new Refusal(404, 'STREAM_NOT_FOUND', 'errors.streamNotFound');
  return streamDetail(row, viewer, settings, secret);
}

const KST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 86_400_000;

/** Start of the KST day, Monday-based week or month holding `now` (epoch ms). */
export function kstPeriodStart(option: Exclude<LiveTimeOption, 'current'>, now: number): number {
  const day = Math.floor((now + KST_OFFSET_MS) / DAY_MS);
  if (option === 'today') return day * DAY_MS - KST_OFFSET_MS;
  if (option === 'week') return (day - ((day + 3) % 7)) * DAY_MS - KST_OFFSET_MS; // 1970-01-01 was a Thursday
  const local = new Date(now + KST_OFFSET_MS);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - KST_OFFSET_MS;
}

/** 'current': the open live's elapsed time; otherwise the total broadcast time within the KST period. */
export async function liveTime(db: D1Database, channelId: number, option: LiveTimeOption, now = Date.now()): Promise<LiveTimeResponse> {
  const [exists, live] = await Promise.all([channelExists(db, channelId), findOpenLive(db, channelId)]);
  if (!exists) throw notFoundChannel();
  const base = { channelId, option, live: live !== null, startedAt: live?.startedAt ?? null };
  if (option === 'current') return { ...base, seconds: live ? Math.max(0, Math.floor((now - live.startedAt) / 1000)) : 0 };
  const from = kstPeriodStart(option, now);
  const ms = (await broadcastsBetween(db, channelId, from, now)).reduce((sum, b) => sum + Math.max(0, Math.min(b.endedAt ?? now, now) - Math.max(b.startedAt, from)), 0);
  return { ...base, seconds: Math.floor(ms / 1000) };
}

export async function channelFind(db: D1Database, loginId: string): Promise<ChannelFindResponse> {
  const channel = await findChannelByLoginId(db, loginId);
  if (!channel) throw notFoundChannel();
  return { channelId: channel.id, loginId: channel.ownerLoginId, nickname: channel.ownerNickname };
}

export async function channelSubscriberCount(db: D1Database, channelId: number): Promise<SubscriberCountResponse> {
  if (!(await channelExists(db, channelId))) throw notFoundChannel();
  return { channelId, count: await subscriberCount(db, channelId) };
}

/**
 * The password of a protected live, or of its recording (streamId: the recording keeps the live's password;
 * the channel's is the one asked). Each try takes a slot in three counts before any password is hashed: this
 * device's (a script that sends no device cookie is a new device each time), this client address's on the
 * channel, and the channel's from everyone, so guessing a short password takes longer than a live lasts. A
 * right password clears the device's count and gives its slot back to the other two. Adult streams still need
 * an identity-verified adult viewer.
 */
export async function liveAuth(
  db: D1Database,
  input: { channelId: number; streamId?: number; password: string; deviceId: string; clientKey: string },
  viewer: Viewer | null,
  settings: ChannelSettings,
  secret: string,
  now = Date.now(),
): Promise<LiveAuthResponse> {
  const [channel, stream] = await Promise.all([findChannel(db, input.channelId), input.streamId === undefined ? findOpenLive(db, input.channelId) : findStream(db, input.streamId)]);
  if (!channel) throw notFoundChannel();
  if (input.streamId !== undefined && stream?.channelId !== channel.id) throw new Refusal(404, 'STREAM_NOT_FOUND', 'errors.streamNotFound');
  if (!stream) throw new Refusal(404, 'NOT_LIVE', 'errors.channelOffline');
  if (!channel.passwordHash || (input.streamId !== undefined && stream.hasPassword !== 1)) throw new Refusal(400, 'NO_PASSWORD', 'errors.livePasswordNotSet');
  const access = withSeat(accessFor(stream, viewer, settings), stream, viewer, now);
  if (access === 'full') throw new Refusal(403, 'ROOM_FULL', 'errors.roomFull');
  if (access === 'unavailable') throw new Refusal(403, 'UNAVAILABLE', 'errors.adultUnavailable');
  if (access === 'identity') throw new Refusal(403, 'IDENTITY_REQUIRED', 'errors.adultIdentityRequired');
  if (access === 'adult') throw new Refusal(403, 'ADULT_ONLY', 'errors.adultOnly');
  if (viewer?.memberId == null || viewer.memberId !== channel.ownerId) await checkPassword(db, channel.id, channel.passwordHash, input, now);
  // The owner gets the same signed URL without spending a try.
  const playback = await playbackFor({ ...stream, hasPassword: 1 }, secret);
  if (!playback) throw new Refusal(404, 'NOT_LIVE', 'errors.channelOffline');
  // A third-party URL carries no token of ours, so the proof for the live's chat room comes separately.
  const { token } = await signPlayback(secret, stream.id);
  return { result: 'ok', playback: { ...playback, passwordToken: token } };
}

/** The three counts a password try takes a slot in, and how many each allows per window. */
const tryCounts = (deviceId: string, clientKey: string) => [
  { key: deviceId, max: LIVE_AUTH_MAX_TRIES, message: 'errors.livePasswordTooMany' },
  { key: liveAuthClientKey(clientKey), max: LIVE_AUTH_MAX_CLIENT_TRIES, message: 'errors.livePasswordBusy' },
  { key: LIVE_AUTH_CHANNEL_KEY, max: LIVE_AUTH_MAX_CHANNEL_TRIES, message: 'errors.livePasswordBusy' },
];

async function checkPassword(db: D1Database, channelId: number, passwordHash: string, input: { password: string; deviceId: string; clientKey: string }, now: number): Promise<void> {
  const counts = tryCounts(input.deviceId, input.clientKey);
  // One at a time: a try refused by one count takes no slot from the next (a device over its limit does not
  // use up its address's or the channel's allowance).
  for (const count of counts) {
    if ((await takeLiveAuthAttempt(db, channelId, count.key, now, LIVE_AUTH_WINDOW_MS)) > count.max) throw new Refusal(429, 'TOO_MANY_TRIES', count.message);
  }
  if (!(await verifyPassword(input.password, passwordHash))) throw new Refusal(403, 'PASSWORD_WRONG', 'errors.livePasswordWrong');
  await Promise.all([clearLiveAuthAttempts(db, channelId, input.deviceId), ...counts.slice(1).map((count) => returnLiveAuthAttempt(db, channelId, count.key))]);
}
