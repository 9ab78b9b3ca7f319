// The watch contract shared by the API, the edge and the client (stream sources, player types, streaming
// kinds; the watch calls' shapes).

// The enumerations live in streams-enums.ts (the schemas use them too); re-exported here for the callers.
export { LIVE_TIME_OPTIONS, LIVE_TIME_OPTION_NUMBERS, PLAYER_TYPES, STREAM_KIND, STREAM_SOURCES } from './streams-enums';
export type { LiveTimeOption, PlayerType, StreamKind, StreamSource } from './streams-enums';
import type { PlayerType, StreamSource } from './streams-enums';

/**
 * Source -> player type. aws is Amazon IVS and ncp NAVER Cloud, both HLS underneath; llh and
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

/** Where the channel settings are read (guests, cached 10 min) and changed (staff: P and O members). */
export const CHANNEL_SETTINGS_PATHS = { guest: '/api/guest/channeling-switching', admin: '/api/admin/channeling-switching' } as const;

// The response shapes are zod schemas in streams-schemas.ts (the API's OpenAPI document is generated from
// them); their types are re-exported here, type-only, so importing this file never pulls zod into a bundle.
export type {
  Banner,
  ChannelFindResponse,
  ChannelInfo,
  ChannelListItem,
  ChannelPageResponse,
  ChannelRegisterRequest,
  ChannelSettingsRequest,
  ChannelSettings,
  ChannelSettingsUpdateResponse,
  CreatorSummary,
  DeletedResponse,
  LiveAuthResponse,
  LiveTimeResponse,
  Logo,
  OwnChannelSettings,
  Playback,
  PlaybackAccess,
  Popup,
  RemovedResponse,
  RemoveSubscriptionsRequest,
  StreamCard,
  StreamDetail,
  StreamKeyResponse,
  SubscriberCountResponse,
  Theme,
  ViewMainResponse,
  WatchRecordedResponse,
  WatchRecordRequest,
} from './streams-schemas';
// The list answers' shape is paging.ts's, one for every paged list.
export type { ListResponse } from './paging';

/** Our own HLS paths (served by the edge from R2). */
export const LIVE_PATHS = {
  ingest: (streamKey: string) => `/live/ingest/${streamKey}`,
  livePlaylist: (channelId: number) => `/live/${channelId}/index.m3u8`,
  streamPlaylist: (channelId: number, streamId: number) => `/live/${channelId}/${streamId}/index.m3u8`,
  /** A live's whole stream so far (its last two hours), to rewind. */
  streamRewind: (channelId: number, streamId: number) => `/live/${channelId}/${streamId}/dvr.m3u8`,
  /** A clip's playlist (its master when the stream came in several renditions). */
  clipPlaylist: (clipId: string) => `/live/clips/${clipId}/index.m3u8`,
  clipPicture: (clipId: string) => `/live/clips/${clipId}/picture.jpg`,
  thumbnail: (channelId: number, version: number) => `/live/${channelId}/thumb.jpg?v=${version}`,
  /** A recording's own picture (`at`: which one, so a new choice is a new URL). */
  recordingPicture: (channelId: number, streamId: number, at: number) => `/live/${channelId}/${streamId}/picture.jpg?v=${at}`,
} as const;
