import { fragmentDurationMs, fragmentStart, initTracks, type TrackInfo } from './cmaf-boxes';
import { concatBytes } from '../../../../src/shared/bytes';

// MediaRecorder's fragmented MP4 (`video/mp4` with a timeslice) cut into what the ingest takes: its init segment
// (ftyp + moov) and media segments of whole fragments (moof + mdat), each opening on a key frame.
// MediaRecorder hands over its bytes in pieces that need not end where a box does.

export interface RecordedSegment {
  bytes: Uint8Array;
  /** Where its first frame falls on the recording's clock (s). */
  startSeconds: number;
  durationMs: number;
}

/** A box header: 32-bit size and type, or size 1 and a 64-bit size after the type. */
function boxSize(bytes: Uint8Array, at: number): number | null {
  if (bytes.byteLength - at < 8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset + at);
  const size = view.getUint32(0);
  if (size !== 1) return size;
  return bytes.byteLength - at < 16 ? null : Number(view.getBigUint64(8));
}

const boxType = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at + 4, at + 8));

/**
 * Splits a recorder's output as it comes. A segment opens on a key frame and lasts at least `minSeconds`. While every
 * fragment has opened on a key frame (Chromium cuts one at each), a segment goes out as soon as it is long enough;
 * once one did not, a segment waits for the next fragment that opens on a key frame, and others join it.
 */
export class RecorderSegmenter {
  private buffer: Uint8Array = new Uint8Array(0);
  private ftyp: Uint8Array | null = null;
  private tracks: Map<number, TrackInfo> | null = null;
  private moof: Uint8Array | null = null;
  private pending: { parts: Uint8Array[]; startSeconds: number; durationMs: number } | null = null;
  /** Every fragment so far opened on a key frame. */
  private keyFramed = true;

  constructor(
    private readonly minSeconds: number,
    private readonly onInit: (init: Uint8Array) => void,
    private readonly onSegment: (segment: RecordedSegment) => void,
  ) {}

  /** The recorder's next bytes; whole boxes among them are taken at once, the rest waits for the next bytes. */
  push(bytes: Uint8Array): void {
    this.buffer = this.buffer.byteLength === 0 ? bytes : concatBytes(this.buffer, bytes);
    let at = 0;
    for (;;) {
      const size = boxSize(this.buffer, at);
      if (size === null || at + size > this.buffer.byteLength) break;
      // A box that claims less than its own header (or runs to the end of a file, size 0) cannot be streamed.
      if (size < 8) throw new Error('unreadable recording');
      this.box(boxType(this.buffer, at), this.buffer.subarray(at, at + size));
      at += size;
    }
    this.buffer = this.buffer.slice(at);
  }

  /** The recording ended: the segment in progress goes out as it is. */
  flush(): void {
    this.emit();
  }

  private box(type: string, bytes: Uint8Array): void {
    if (type === 'ftyp') this.ftyp = bytes.slice();
    else if (type === 'moov' && this.ftyp) {
      const init = concatBytes(this.ftyp, bytes);
      this.tracks = initTracks(init);
      this.onInit(init);
    } else if (type === 'moof') this.moof = bytes.slice();
    else if (type === 'mdat' && this.moof && this.tracks) {
      this.fragment(this.moof, bytes.slice(), this.tracks);
      this.moof = null;
    }
    // Anything else at the top (free, sidx, a producer time) plays no part in a segment.
  }

  private fragment(moof: Uint8Array, mdat: Uint8Array, tracks: Map<number, TrackInfo>): void {
    const start = fragmentStart(moof, tracks);
    if (!start) throw new Error('unreadable fragment');
    if (!start.keyFrame) this.keyFramed = false;
    if (start.keyFrame && this.pending && this.pending.durationMs >= this.minSeconds * 1000) this.emit(start.seconds);
    // A fragment that opens on no key frame with no segment to join (before the first key frame, or the first such
    // fragment, after its segment went out) cannot be played: it is left out.
    if (!this.pending && !start.keyFrame) return;
    this.pending ??= { parts: [], startSeconds: start.seconds, durationMs: 0 };
    this.pending.parts.push(moof, mdat);
    this.pending.durationMs += fragmentDurationMs(moof, tracks) ?? 0;
    if (this.keyFramed && this.pending.durationMs >= this.minSeconds * 1000) this.emit();
  }

  /**
   * The segment in progress goes out. It lasts until the next one starts where that is known, else as long as its
   * samples (Chromium's fall a few ms short of the next fragment's start: it cannot know the last frame's length).
   */
  private emit(nextStart?: number): void {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return;
    const durationMs = nextStart === undefined ? pending.durationMs : Math.round((nextStart - pending.startSeconds) * 1000);
    this.onSegment({ bytes: concatBytes(...pending.parts), startSeconds: pending.startSeconds, durationMs });
  }
}
