// The files the studio's encoder sends to the ingest, as an encoder does (docs/product/watching-and-chat.md, "Ingest"):
// per rendition an init segment, media segments and a sliding playlist, and a master playlist naming the renditions
// (src/shared/hls-master.ts writes it, as it writes the one viewers get).
// The stream key goes in the Authorization header, never in the URL.
import { INGEST_SESSION_HEADER } from '../../../../src/shared/ingest';

export interface SentSegment {
  seq: number;
  name: string;
  durationMs: number;
  /** Wall-clock time of its first frame (ms). */
  programDateTime: number;
}

/** Segments a live playlist lists (the ingest keeps every one for the recording). */
export const PLAYLIST_WINDOW = 6;
export const INIT_NAME = 'init.mp4';
export const segmentName = (seq: number) => `seg${seq}.m4s`;

/** A rendition's media playlist: the newest segments after its init segment; closed (`ended`) when the live ends. */
export function mediaPlaylist(segments: SentSegment[], { ended }: { ended: boolean }): string {
  const listed = segments.slice(-PLAYLIST_WINDOW);
  const target = Math.max(1, Math.ceil(Math.max(0, ...listed.map((s) => s.durationMs)) / 1000));
  const out = ['#EXTM3U', '#EXT-X-VERSION:7', `#EXT-X-TARGETDURATION:${target}`, `#EXT-X-MEDIA-SEQUENCE:${listed[0]?.seq ?? 0}`, '#EXT-X-INDEPENDENT-SEGMENTS', `#EXT-X-MAP:URI="${INIT_NAME}"`];
  for (const s of listed) out.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(s.programDateTime).toISOString()}`, `#EXTINF:${(s.durationMs / 1000).toFixed(3)},`, s.name);
  if (ended) out.push('#EXT-X-ENDLIST');
  return `${out.join('\n')}\n`;
}

/** The ingest refused a file (a rotated key, broadcasting switched off...): the live cannot go on. */
export class IngestRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The studio's audio bitrate (bits per second), on either path. */
export const AUDIO_BITRATE = 128_000;
/** How often a still of the preview goes up as the channel's thumbnail (ms). */
export const THUMBNAIL_MS = 10_000;

/** A rendition's BANDWIDTH in the master playlist: its peak bits per second, audio included, with a fifth of headroom. */
export function peakBandwidth(videoBitrate: number, withAudio: boolean): number {
  return Math.round((videoBitrate + (withAudio ? AUDIO_BITRATE : 0)) * 1.2);
}

/** What a live that cannot go on tells the studio: the ingest's refusal as it said it, or a failure of the tab's own. */
export function broadcastFailure(error: unknown): { code: string; message: string } {
  return error instanceof IngestRefused ? { code: error.code, message: error.message } : { code: 'BROADCAST_FAILED', message: '' };
}

/** Tries a file gets against a network failure or a server error before the live counts as cut off. */
const ATTEMPTS = 4;
const RETRY_MS = 500;

const CONTENT_TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', m4s: 'video/iso.segment', mp4: 'video/mp4', jpg: 'image/jpeg' };

/** PUTs the studio's files to the ingest with the stream key, counting what it sent. */
export class StudioIngest {
  /** Bytes sent, with when (for the upload rate). */
  private readonly sent: { at: number; bytes: number }[] = [];
  /** The connection failed and has not yet carried a file since. */
  offline = false;
  /** This broadcast, to the ingest: a newer one (another tab, a phone) takes the live over and this one is refused. */
  private readonly session = crypto.randomUUID();

  constructor(
    private readonly key: string,
    private readonly base = '/live/ingest/studio',
  ) {}

  /** `path` below the studio's ingest folder (`480p/seg3.m4s`, `master.m3u8`). */
  async put(path: string, body: Uint8Array | string): Promise<void> {
    const url = `${this.base}/${path}`;
    const type = CONTENT_TYPES[path.split('.').pop() ?? ''] ?? 'application/octet-stream';
    const size = typeof body === 'string' ? body.length : body.byteLength;
    for (let attempt = 1; ; attempt++) {
      let res: Response | null = null;
      try {
        res = await fetch(url, { method: 'PUT', body: body as BodyInit, headers: { authorization: `Bearer ${this.key}`, 'content-type': type, [INGEST_SESSION_HEADER]: this.session } });
      } catch {
        res = null;
      }
      if (res?.ok) {
        this.offline = false;
        this.sent.push({ at: performance.now(), bytes: size });
        return;
      }
      if (res && res.status < 500) {
        const answer = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
        throw new IngestRefused(res.status, answer?.error?.code ?? 'REFUSED', answer?.error?.message ?? res.statusText);
      }
      this.offline = true;
      if (attempt >= ATTEMPTS) throw new Error(`ingest unreachable: ${path}`);
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 2 ** (attempt - 1)));
    }
  }

  /** Bits per second sent over the last `windowMs`. */
  uploadBps(windowMs = 5000): number {
    const since = performance.now() - windowMs;
    while (this.sent.length > 0 && this.sent[0]!.at < since) this.sent.shift();
    return Math.round((this.sent.reduce((sum, s) => sum + s.bytes, 0) * 8 * 1000) / windowMs);
  }
}

/**
 * One rendition's files at the ingest, each after the one before: its init segment, then each media segment followed
 * by its playlist (after `beforeSegments`, the master playlist), and the playlist closed at the end. It counts how far
 * behind capture the segments arrive.
 */
export class RenditionUploads {
  readonly segments: SentSegment[] = [];
  /** Segments whose upload finished more than their own length after their last frame was captured. */
  late = 0;
  /** The last segment's upload finished this long after its last frame was captured (ms). */
  delayMs = 0;
  /** The next segment's number (uploads lag behind the encoder: it is counted as segments are cut). */
  private nextSeq = 0;
  /** Segments cut and not yet uploaded. */
  private waiting = 0;
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly ingest: StudioIngest,
    private readonly rendition: string,
    private readonly beforeSegments: () => Promise<void>,
    private readonly fail: (error: unknown) => void,
  ) {}

  init(bytes: Uint8Array): void {
    this.enqueue(() => this.ingest.put(`${this.rendition}/${INIT_NAME}`, bytes));
  }

  /** A media segment: `programDateTime` is the wall-clock time of its first frame (ms). */
  segment(bytes: Uint8Array, durationMs: number, programDateTime: number): void {
    const seq = this.nextSeq++;
    const segment: SentSegment = { seq, name: segmentName(seq), durationMs, programDateTime };
    this.waiting += 1;
    this.enqueue(async () => {
      await this.beforeSegments();
      await this.ingest.put(`${this.rendition}/${segment.name}`, bytes);
      this.waiting -= 1;
      this.segments.push(segment);
      // Behind (a newer segment waits): its playlist would be out of date at once; the one after the newest lists all.
      if (this.waiting === 0) await this.ingest.put(`${this.rendition}/index.m3u8`, mediaPlaylist(this.segments, { ended: false }));
      // How far behind real time the live reaches viewers: from the segment's last frame to its upload done.
      this.delayMs = Date.now() - (segment.programDateTime + segment.durationMs);
      if (this.delayMs > segment.durationMs) this.late += 1;
    });
  }

  /** Every upload done, then the playlist closed (the live becomes a recording). */
  async close(): Promise<void> {
    await this.chain;
    if (this.segments.length > 0) await this.ingest.put(`${this.rendition}/index.m3u8`, mediaPlaylist(this.segments, { ended: true }));
  }

  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain.then(step).catch(this.fail);
  }
}

/** The preview's still as the channel's thumbnail; a still that cannot be taken or sent waits for the next. */
export async function sendThumbnail(ingest: StudioIngest, snapshot: () => Promise<Blob | null>): Promise<void> {
  const blob = await snapshot().catch(() => null);
  if (blob) await ingest.put('thumb.jpg', new Uint8Array(await blob.arrayBuffer())).catch(() => undefined);
}
