import type { ListedSegment, ServedSegment } from '../db/live';
import { SEGMENT_NAME_PATTERN } from './paths';

export type { ListedSegment, ServedSegment };

// Reading the encoder's playlist and writing the one viewers get.

export interface EncoderPlaylist {
  segments: ListedSegment[];
  /** The encoder closed its playlist (a clean stop): the stream can end now rather than after the silence. */
  ended: boolean;
}

/** ffmpeg's media playlist; null when it is not one. Segment URIs are reduced to their file name. */
export function parseEncoderPlaylist(text: string): EncoderPlaylist | null {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  if (lines[0] !== '#EXTM3U') return null;
  let sequence = 0;
  let duration: number | null = null;
  let pdt: number | null = null;
  let ended = false;
  const segments: ListedSegment[] = [];
  for (const line of lines) {
    if (line.startsWith('#EXT-X-MEDIA-SEQUENCE:')) {
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
      const name = line.split(/[?#]/)[0]!.split('/').pop() ?? '';
      if (duration !== null && SEGMENT_NAME_PATTERN.test(name)) {
        segments.push({ name, seq: sequence, durationMs: Math.round(duration * 1000), programDateTime: pdt });
      }
      sequence += 1;
      duration = null;
      pdt = null;
    }
  }
  return { segments, ended };
}

/**
 * The playlist a viewer gets. `prefix` goes before each segment name (`<streamId>/` on the channel's
 * live URL); `token` is appended to every segment URI of a restricted stream.
 */
export function renderPlaylist(segments: ServedSegment[], { ended, prefix = '', token }: { ended: boolean; prefix?: string; token?: string | null }): string {
  const maxMs = segments.reduce((m, s) => Math.max(m, s.durationMs), 1000);
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const out = ['#EXTM3U', '#EXT-X-VERSION:3', `#EXT-X-TARGETDURATION:${Math.max(1, Math.round(maxMs / 1000))}`, `#EXT-X-MEDIA-SEQUENCE:${segments[0]?.seq ?? 0}`, '#EXT-X-INDEPENDENT-SEGMENTS'];
  // A live playlist can be asked for the next segment before it exists (`?_HLS_msn=`): playback.ts holds
  // the request until it is listed, so a player hears of each segment at once rather than at its next poll.
  if (ended) out.push('#EXT-X-PLAYLIST-TYPE:VOD');
  else out.push('#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES');
  for (const s of segments) {
    out.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.programDateTime).toISOString()}`);
    out.push(`#EXTINF:${(s.durationMs / 1000).toFixed(3)},`);
    out.push(`${prefix}${s.name}${query}`);
  }
  if (ended) out.push('#EXT-X-ENDLIST');
  return `${out.join('\n')}\n`;
}
