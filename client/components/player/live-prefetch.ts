import type { EarlyPlaylist } from '../../../src/shared/player-boot';

/**
 * A live's first media as the boot fetched it: the playlist of the rendition it starts on, its newest init segment
 * (null for MPEG-TS) and its newest segments, each with where that playlist starts it (listedTimeline).
 */
export interface LiveStart {
  playlist: FetchedPlaylist;
  init: ArrayBuffer | null;
  segments: { start: number; data: ArrayBuffer }[];
  /** The program date-time (ms) of that playlist's time 0 (listedTimeline); null where it dates none. */
  dateAtZero: number | null;
}

/**
 * The first media a live will need, fetched while the player's code is still loading: the playlist, of a master
 * playlist also the rendition the player starts on (startVariant), then the newest init segment and the newest two
 * segments (a player starts a part or two behind the edge: hls-config.ts). Segments are immutable and cacheable, so
 * hls.js, asking for the same URLs a moment later, gets them from the cache; the playlists, which the browser must not
 * reuse (hls-engine.ts, liveLoading), are kept in `playlists` and answer the player's first request for each, once.
 * The media itself comes back too: first-frame.ts shows it before hls.js has loaded. Null when a playlist failed.
 */
export async function prefetchLiveStart(url: string, signal: AbortSignal, playlists: PrefetchedPlaylists, quality: number | null = null, early?: EarlyPlaylist): Promise<LiveStart | null> {
  let playlist = await playlists.fetch(url, signal, early);
  if (!playlist) return null;
  const variant = startVariant(playlist.text, quality);
  if (variant !== null) playlist = await playlists.fetch(new URL(variant, playlist.url).href, signal);
  if (!playlist) return null;
  const base = playlist.url; // absolute: where the playlist came from
  const uris = newestMedia(playlist.text);
  const data = await Promise.all(
    uris.map((uri) =>
      fetch(new URL(uri, base), { signal }).then((res) => {
        if (!res.ok) throw new Error(`${res.status}`);
        return res.arrayBuffer();
      }),
    ),
  );
  const init = playlist.text.includes('#EXT-X-MAP:') ? 1 : 0;
  const { starts, dateAtZero } = listedTimeline(playlist.text);
  return { playlist, init: init ? data[0]! : null, segments: uris.slice(init).map((uri, i) => ({ start: starts.get(uri)!, data: data[i + init]! })), dateAtZero };
}

/** A playlist as fetched: its text and the URL it came from (after any redirect). */
export interface FetchedPlaylist {
  text: string;
  url: string;
  /** When its answer arrived (performance.now()): the player reckons the live's edge from how old it is. */
  receivedAt: number;
}

/** How long a prefetched playlist may answer the player's first request for it: older, the player fetches its own. */
export const PREFETCH_FRESH_MS = 3000;

/**
 * Playlists fetched ahead of the player, by the absolute URL asked for (relative ones against `base`, the page's): each
 * answers one request, while fresh.
 */
export interface PrefetchedPlaylists {
  /** Fetches the playlist, or takes over `early`, a fetch of it already under way. */
  fetch: (url: string, signal: AbortSignal, early?: EarlyPlaylist) => Promise<FetchedPlaylist | null>;
  take: (url: string) => Promise<FetchedPlaylist | null> | null;
}

export function prefetchedPlaylists(base: string): PrefetchedPlaylists {
  const entries = new Map<string, { playlist: Promise<FetchedPlaylist | null>; at: number }>();
  return {
    fetch: (url, signal, early) => {
      // Fresh from when it was asked for, then from when its answer came.
      const entry = { playlist: Promise.resolve<FetchedPlaylist | null>(null), at: performance.now() };
      entry.playlist = (early?.response ?? fetch(url, { cache: 'no-cache', signal }))
        .then(async (res) => {
          const receivedAt = early?.receivedAt ?? performance.now();
          entry.at = receivedAt;
          return res.ok ? { text: await res.text(), url: res.url, receivedAt } : null;
        })
        .catch(() => null);
      entries.set(new URL(url, base).href, entry);
      return entry.playlist;
    },
    take: (url) => {
      const key = new URL(url, base).href;
      const entry = entries.get(key);
      entries.delete(key);
      return entry && performance.now() - entry.at < PREFETCH_FRESH_MS ? entry.playlist : null;
    },
  };
}

/**
 * The rendition a live's master playlist starts on: the height this device chose where it is listed, else the first
 * listed (hls-engine.ts starts hls.js on the same). Null for a media playlist.
 */
export function startVariant(text: string, quality: number | null): string | null {
  const lines = text.split('\n').map((l) => l.trim());
  const variants: { uri: string; height: number | null }[] = [];
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const uri = lines.slice(i + 1).find((l) => l !== '' && !l.startsWith('#'));
    const height = /RESOLUTION=\d+x(\d+)/.exec(line)?.[1];
    if (uri) variants.push({ uri, height: height ? Number(height) : null });
  });
  if (variants.length === 0) return null;
  return (variants.find((v) => quality !== null && v.height === quality) ?? variants[0]!).uri;
}

/** A media playlist's newest init segment (#EXT-X-MAP) and newest two segments, whole or announced as parts. */
export function newestMedia(text: string): string[] {
  if (text.includes('#EXT-X-STREAM-INF')) return [];
  const init = [...text.matchAll(/^\s*#EXT-X-MAP:.*URI="([^"]+)"/gm)].at(-1)?.[1];
  return [...(init ? [init] : []), ...[...listedStarts(text).keys()].slice(-2)];
}

/** The program date-time (ms) of a media playlist's time 0 (listedTimeline); null where the playlist dates none. */
export const listedDateAtZero = (text: string): number | null => listedTimeline(text).dateAtZero;

/** Where each segment of a media playlist starts (listedTimeline), by the URI it is listed with. */
export const listedStarts = (text: string): Map<string, number> => listedTimeline(text).starts;

/**
 * A media playlist's timeline as hls.js lays out the first playlist it loads (it starts its timeline at the first
 * listed segment): where each segment starts, in seconds, by the URI it is listed with (a segment announced only as a
 * part starts where the whole ones end); and the program date-time (ms) of time 0, its first
 * #EXT-X-PROGRAM-DATE-TIME less the time listed before the segment it dates.
 */
export function listedTimeline(text: string): { starts: Map<string, number>; dateAtZero: number | null } {
  const starts = new Map<string, number>();
  let dateAtZero: number | null = null;
  let dated = false;
  let at = 0;
  let duration = 0;
  for (const line of text.split('\n').map((l) => l.trim())) {
    const part = /^#EXT-X-PART:.*URI="([^"]+)"/.exec(line);
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8)) || 0;
    else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      if (dated) continue;
      dated = true;
      const date = Date.parse(line.slice(25));
      dateAtZero = Number.isNaN(date) ? null : date - at * 1000;
    } else if (part) {
      if (!starts.has(part[1]!)) starts.set(part[1]!, at);
    } else if (line && !line.startsWith('#')) {
      starts.set(line, at);
      at += duration;
      duration = 0;
    }
  }
  return { starts, dateAtZero };
}
