import type { ListedSegment, Rendition, ServedSegment, ServedWindow } from '../db/live';
import { ENCODER_FILE_PATTERN, isInitSegment, RENDITION_PATTERN } from './paths';

export type { ListedSegment, Rendition, ServedSegment, ServedWindow };
// The master playlist viewers get is written as the studio's encoder writes its own.
export { renderMasterPlaylist, type PlaylistFile } from '../shared/hls-master';

// Reading the encoder's playlist and writing the one viewers get.

export interface EncoderPlaylist {
  segments: ListedSegment[];
  /** The encoder closed its playlist (a clean stop): the stream can end now rather than after the silence. */
  ended: boolean;
}

/** A URI reduced to its file name (the encoder's folder is ours to choose). */
const fileName = (uri: string): string => uri.split(/[?#]/)[0]!.split('/').pop() ?? '';

/**
 * An encoder's media playlist (MPEG-TS, or CMAF with `#EXT-X-MAP`); null when it is not one. Segment URIs are
 * reduced to their file name; a segment names the init segment it needs, or null (MPEG-TS).
 */
export function parseEncoderPlaylist(text: string): EncoderPlaylist | null {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') return null;
  let sequence = 0;
  let duration: number | null = null;
  let pdt: number | null = null;
  let init: string | null = null;
  let ended = false;
  const segments: ListedSegment[] = [];
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MAP:')) {
      // An init segment whose name we do not store (another extension, a byte range of one file) would leave
      // every later segment unplayable: the playlist is refused.
      const uri = /URI="([^"]*)"/.exec(line)?.[1];
      if (!uri || line.includes('BYTERANGE')) return null;
      const name = fileName(uri);
      if (!ENCODER_FILE_PATTERN.test(name) || !isInitSegment(name)) return null;
      init = name;
    } else if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) {
      const n = Number(line.slice(22));
      if (Number.isSafeInteger(n) && n >= 0) sequence = n;
    } else if (line.startsWith('#EXTINF:')) {
      const d = Number.parseFloat(line.slice(8));
      duration = Number.isFinite(d) && d >= 0 && d < 3600 ? d : null;
    } else if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) {
      const t = Date.parse(line.slice(25));
      pdt = Number.isFinite(t) ? t : null;
    } else if (line === '#EXT-X-ENDLIST') {
      ended = true;
    } else if (line !== '' && !line.startsWith('#')) {
      const name = fileName(line);
      if (duration !== null && ENCODER_FILE_PATTERN.test(name) && !isInitSegment(name)) {
        segments.push({ name, seq: sequence, durationMs: Math.round(duration * 1000), programDateTime: pdt, init });
      }
      sequence += 1;
      duration = null;
      pdt = null;
    }
  }
  return { segments, ended };
}

/**
 * The playlist a viewer gets. `prefix` goes before each file name (`<streamId>/` on the channel's live URL);
 * `token` is appended to every URI of a restricted stream. Where the encoder restarted (the next run, a
 * generation further) comes a discontinuity, and in CMAF each run's init segment (`#EXT-X-MAP`) before its first
 * segment; the discontinuity sequence counts the restarts before the first segment listed, so a player reloading
 * a sliding window keeps its count.
 */
export function renderPlaylist(
  { segments, discontinuitySequence, skipped }: ServedWindow,
  { ended, prefix = '', token, skipUntilMs }: { ended: boolean; prefix?: string; token?: string | null; skipUntilMs?: number },
): string {
  const longestMs = segments.reduce((m, s) => Math.max(m, s.durationMs), 0);
  const maxMs = Math.max(longestMs, 1000);
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const cmaf = segments.some((s) => s.initName !== null);
  const out = [
    '#EXTM3U',
    // EXT-X-MAP on segments that are not I-frames only needs version 6.
    `#EXT-X-VERSION:${cmaf ? 6 : 3}`,
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.round(maxMs / 1000))}`,
    `#EXT-X-MEDIA-SEQUENCE:${skipped?.firstSeq ?? segments[0]?.seq ?? 0}`,
  ];
  if (discontinuitySequence > 0) out.push(`#EXT-X-DISCONTINUITY-SEQUENCE:${discontinuitySequence}`);
  out.push('#EXT-X-INDEPENDENT-SEGMENTS');
  // A live playlist can be asked for the next segment before it exists (`?_HLS_msn=`): playback.ts holds
  // the request until it is listed, so a player hears of each segment at once rather than at its next poll.
  // LL-HLS: every live segment is also the one part of itself, and the newest is listed as that part alone (as a
  // segment in progress would be), to become a whole segment when the next arrives. A player may then hold back from
  // the edge by a part, a fraction of a second, rather than by the whole-second target duration that a shorter
  // segment rounds up to; players without LL-HLS see each segment one later (docs/decisions.md, "Live latency").
  const partMs = longestMs || 1000;
  const parts = !ended && segments.length > 1;
  if (ended) out.push('#EXT-X-PLAYLIST-TYPE:VOD');
  else {
    // A long live playlist (rewind) lets a player ask for only its newest part (`_HLS_skip=YES`, a delta update).
    const canSkip = skipUntilMs === undefined ? '' : `,CAN-SKIP-UNTIL=${(skipUntilMs / 1000).toFixed(1)}`;
    out.push(`#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES${canSkip}${parts ? `,PART-HOLD-BACK=${((3 * partMs) / 1000).toFixed(3)}` : ''}`);
  }
  if (parts) out.push(`#EXT-X-PART-INF:PART-TARGET=${(partMs / 1000).toFixed(3)}`);
  // The segments a delta update leaves out: the player has them from its earlier copy, tags and all.
  if (skipped) out.push(`#EXT-X-SKIP:SKIPPED-SEGMENTS=${skipped.count}`);
  let previous: ServedSegment | null = skipped?.previous ?? null;
  segments.forEach((s, i) => {
    if (previous && s.generation !== previous.generation) out.push('#EXT-X-DISCONTINUITY');
    // The first segment listed names its init segment even when a skipped one had the same.
    if (s.initName !== null && (i === 0 || s.initName !== previous?.initName)) out.push(`#EXT-X-MAP:URI="${prefix}${s.initName}${query}"`);
    out.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.programDateTime).toISOString()}`);
    const uri = `${prefix}${s.name}${query}`;
    if (parts && i >= segments.length - PARTS_LISTED) out.push(`#EXT-X-PART:DURATION=${(s.durationMs / 1000).toFixed(3)},URI="${uri}",INDEPENDENT=YES`);
    if (!parts || i < segments.length - 1) out.push(`#EXTINF:${(s.durationMs / 1000).toFixed(3)},`, uri);
    previous = s;
  });
  if (ended) out.push('#EXT-X-ENDLIST');
  return `${out.join('\n')}\n`;
}

/** The newest segments whose part is listed (LL-HLS keeps parts of the last three target durations at most). */
const PARTS_LISTED = 3;

/** At most this many renditions a stream (a ladder of three or four is usual). */
export const MAX_RENDITIONS = 6;

/** `KEY=value,KEY="quoted, value"` attribute lists of HLS tags. */
function attributes(list: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [, key, value] of list.matchAll(/([A-Z0-9-]+)=("[^"]*"|[^,]*)/g)) out.set(key!, value!.replace(/^"|"$/g, ''));
  return out;
}

const positiveInt = (value: string | undefined): number | null => (value && /^[1-9][0-9]{0,11}$/.test(value) ? Number(value) : null);

/**
 * An encoder's master playlist: the renditions it sends, each at `<name>/index.m3u8` beside it, in its order; null
 * when it is not one, lists none or too many, names one twice, or needs what we do not serve (separate audio or
 * subtitle renditions, I-frame playlists).
 */
export function parseMasterPlaylist(text: string): Rendition[] | null {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') return null;
  const renditions: Rendition[] = [];
  let pending: Map<string, string> | null = null;
  for (const line of lines.slice(1)) {
    if (line.startsWith('#EXT-X-STREAM-INF:')) {
      pending = attributes(line.slice('#EXT-X-STREAM-INF:'.length));
    } else if (line.startsWith('#EXT-X-MEDIA:') || line.startsWith('#EXT-X-I-FRAME-STREAM-INF:')) {
      return null;
    } else if (line !== '' && !line.startsWith('#')) {
      if (!pending) return null;
      const match = /^(?:\.\/)?([^/]+)\/index\.m3u8$/.exec(line.split(/[?#]/)[0]!);
      const bandwidth = positiveInt(pending.get('BANDWIDTH'));
      if (!match || !RENDITION_PATTERN.test(match[1]!) || bandwidth === null || pending.has('AUDIO') || pending.has('SUBTITLES')) return null;
      const resolution = /^([1-9][0-9]{0,4})x([1-9][0-9]{0,4})$/.exec(pending.get('RESOLUTION') ?? '');
      const frameRate = Number.parseFloat(pending.get('FRAME-RATE') ?? '');
      const codecs = pending.get('CODECS') ?? null;
      renditions.push({
        name: match[1]!,
        bandwidth,
        averageBandwidth: positiveInt(pending.get('AVERAGE-BANDWIDTH')),
        width: resolution ? Number(resolution[1]) : null,
        height: resolution ? Number(resolution[2]) : null,
        codecs: codecs && /^[A-Za-z0-9.,_ -]{1,200}$/.test(codecs) ? codecs : null,
        frameRate: Number.isFinite(frameRate) && frameRate > 0 && frameRate <= 240 ? frameRate : null,
      });
      pending = null;
    }
  }
  const names = new Set(renditions.map((r) => r.name));
  if (renditions.length === 0 || renditions.length > MAX_RENDITIONS || names.size !== renditions.length) return null;
  return renditions;
}
