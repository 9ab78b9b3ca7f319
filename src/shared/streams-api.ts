// The watch contract shared by the API, the edge and the client (SPEC §3 stream sources, player types,
// streaming kinds; §7 Guest, Member streams, Channel notices and channels; §9 page defaults).

export const STREAM_KIND = { live: 1, record: 2, channel: 3 } as const;
export type StreamKind = (typeof STREAM_KIND)[keyof typeof STREAM_KIND];

/** 'flex' is our own embedded source (encoder -> /live/ingest -> R2); the rest are third-party URLs. */
export const STREAM_SOURCES = ['flex', 'ncp', 'aws', 'llh', 'bp_flv', 'bp_rtc'] as const;
export type StreamSource = (typeof STREAM_SOURCES)[number];

export const PLAYER_TYPES = ['IVS', 'HLS', 'NCP', 'HTML5', 'BYTEPLUS'] as const;
export type PlayerType = (typeof PLAYER_TYPES)[number];

/**
 * SPEC §3: source -> player type. aws is Amazon IVS and ncp NAVER Cloud, both HLS underneath; llh and
 * our own are plain HLS; BytePlus serves FLV (bp_flv) or WebRTC with an HLS rendition (bp_rtc). A
 * recording kept as a progressive file (mp4) plays in the plain HTML5 element.
 */
export function playerTypeFor(source: StreamSource, url?: string | null): PlayerType {
  if (url && /\.mp4(\?|$)/i.test(url)) return 'HTML5';
  switch (source) {
    case 'aws':
      return 'IVS';
    case 'ncp':
      return 'NCP';
    case 'bp_flv':
    case 'bp_rtc':
      return 'BYTEPLUS';
    default:
      return 'HLS';
  }
}

/** SPEC §9 page defaults. */
export const PAGE_DEFAULTS = { offset: 0, streamLimit: 20, itemLimit: 10, emojiLimit: 100, recordedLimit: 2 } as const;
export const MAX_PAGE_LIMIT = 100;

export interface CreatorSummary {
  loginId: string;
  nickname: string;
}

/** One stream in any list (live now, recorded, recently watched...). Times are epoch ms. */
export interface StreamCard {
  streamId: number;
  channelId: number;
  kind: StreamKind;
  title: string;
  creator: CreatorSummary;
  /** Same-origin path or absolute URL; null when the channel has none yet (the client draws its own). */
  thumbnailUrl: string | null;
  viewerCount: number;
  startedAt: number;
  endedAt: number | null;
  durationMs: number;
  adult: boolean;
  hasPassword: boolean;
  source: StreamSource;
  themeCode: string | null;
}

/** What the viewer may do with a live or recording (SPEC §6). */
export type PlaybackAccess =
  | 'ok'
  | 'identity' // adult-only: verify identity first (guests and unverified members)
  | 'adult' // verified but not an adult
  | 'password' // password-protected live: ask for it (GET /api/guest/live-Auth)
  | 'unavailable'; // switched off by the operators' channel settings (broadcasting, adult broadcasting)

export interface Playback {
  playerType: PlayerType;
  source: StreamSource;
  /** Main URL: HLS playlist, FLV URL, WHEP endpoint (bp_rtc) or mp4. */
  url: string;
  /** bp_rtc: the HLS rendition to fall back on when WHEP fails or is not offered. */
  hlsUrl?: string | null;
  /** bp_rtc: true when `url` is a WHEP endpoint. */
  whep?: boolean;
  /** Epoch ms at which a signed URL stops working; null when the URL is not signed. */
  expiresAt: number | null;
  /**
   * Only in GET /api/guest/live-Auth's answer, whatever the source: a playback token signed for the live,
   * the viewer's proof that they gave its password. The chat ticket calls ask for it (`playback`).
   */
  passwordToken?: string;
}

export interface StreamDetail extends StreamCard {
  access: PlaybackAccess;
  /** Present only when access is 'ok'. */
  playback: Playback | null;
}

export interface ChannelInfo {
  channelId: number;
  creator: CreatorSummary;
  title: string;
  description: string;
  themeCode: string | null;
  subscriberCount: number;
  noticeCount: number;
  latestNoticeAt: number | null;
  thumbnailUrl: string | null;
  /** Whether the signed-in viewer subscribes (false for guests). */
  subscribed: boolean;
}

/** GET /api/channels/{id}/channel-page */
export interface ChannelPageResponse {
  channel: ChannelInfo;
  live: StreamDetail | null;
  recorded: StreamCard[];
}

/** GET /api/channels/{id}/live-time?option=current|today|week|month */
export const LIVE_TIME_OPTIONS = ['current', 'today', 'week', 'month'] as const;
export type LiveTimeOption = (typeof LIVE_TIME_OPTIONS)[number];
export interface LiveTimeResponse {
  channelId: number;
  option: LiveTimeOption;
  live: boolean;
  startedAt: number | null;
  /** Seconds: the current live's elapsed time for 'current', else the total broadcast in the period (KST). */
  seconds: number;
}

/** GET /api/channels/channel-find?loginId */
export interface ChannelFindResponse {
  channelId: number;
  loginId: string;
  nickname: string;
}

export interface Banner {
  id: number;
  title: string;
  subtitle: string;
  imageUrl: string;
  linkUrl: string;
}
export interface Popup {
  id: number;
  title: string;
  body: string;
  imageUrl: string | null;
  linkUrl: string | null;
}
export interface Theme {
  id: number;
  code: string;
}
export interface Logo {
  id: number;
  name: string;
  imageUrl: string;
  linkUrl: string;
}

/** A list answer: `items` plus paging (SPEC §9 defaults). */
export interface ListResponse<T> {
  items: T[];
  offset: number;
  limit: number;
  total: number;
}

/** GET /api/my/view-main?device (guests too: the member parts are empty). */
export interface ViewMainResponse {
  banners: Banner[];
  lives: StreamCard[];
  themes: Theme[];
  suggestions: StreamCard[];
  recentlyWatched: StreamCard[];
  popup: Popup | null;
}

/** A row of the recent-view, subscriptions-view and gift-view lists. */
export interface ChannelListItem {
  channelId: number;
  creator: CreatorSummary;
  title: string;
  thumbnailUrl: string | null;
  live: StreamCard | null;
  /** played: watched_at; subscriptions: started_at; present: last_gift_at (epoch ms). */
  at: number;
  /** subscriptions only: SPEC §4 status. */
  status?: number;
  expiresAt?: number | null;
  /** present only: the total sent. */
  totalAmount?: number;
}

/** GET /api/guest/channeling-switching (SPEC §3 channel settings). */
export interface ChannelSettings {
  broadcast: boolean;
  broadcasting: boolean;
  adultBroadcast: boolean;
  adultPlusBroadcast: boolean;
  isSnsLoginKakao: boolean;
  isSnsLoginNaver: boolean;
  isSnsLoginGoogle: boolean;
  isSnsLoginTwitch: boolean;
  bank_account: string;
  bank_code: string;
  bank_holder_name: string;
}

/** Where the channel settings are read (guests, cached 10 min) and changed (staff: P and O members). */
export const CHANNEL_SETTINGS_PATHS = { guest: '/api/guest/channeling-switching', admin: '/api/admin/channeling-switching' } as const;

/** PUT /api/admin/channeling-switching: the settings now in force, and how many on-air rooms were told. */
export interface ChannelSettingsUpdateResponse {
  settings: ChannelSettings;
  notifiedRooms: number;
}

/** GET /api/guest/live-Auth answer when the password is right. */
export interface LiveAuthResponse {
  result: 'ok';
  playback: Playback;
}

/** The creator's own channel (GET /api/my/channel/stream-key; POST .../stream-key rotates). */
export interface StreamKeyResponse {
  channelId: number;
  streamKey: string;
  /** The ingest URL for `ffmpeg -f hls -method PUT <ingestUrl>/index.m3u8`, relative to the site. */
  ingestPath: string;
}

/** A creator's own channel settings: GET and PUT /api/my/channel/settings (the studio's form). */
export interface OwnChannelSettings {
  channelId: number;
  title: string;
  description: string;
  themeCode: string | null;
  adult: boolean;
  /** Whether lives ask for a password; the password itself is never sent back. */
  hasPassword: boolean;
}

/** Our own HLS paths (served by the edge from R2). */
export const LIVE_PATHS = {
  ingest: (streamKey: string) => `/live/ingest/${streamKey}`,
  livePlaylist: (channelId: number) => `/live/${channelId}/index.m3u8`,
  streamPlaylist: (channelId: number, streamId: number) => `/live/${channelId}/${streamId}/index.m3u8`,
  thumbnail: (channelId: number, version: number) => `/live/${channelId}/thumb.jpg?v=${version}`,
} as const;
