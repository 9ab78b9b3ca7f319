import { describe, expect, it } from 'vitest';
import { fragmentDurationMs, initCodecs, initTracks } from '../../client/components/caster/golive/cmaf-boxes';
import { type RecordedSegment, RecorderSegmenter } from '../../client/components/caster/golive/recorder-segments';
import { defaultSourceHeight, planLadder } from '../../client/components/caster/golive/ladder';
import { mediaPlaylist, type SentSegment } from '../../client/components/caster/golive/studio-ingest';
import { renderMasterPlaylist } from '../../src/shared/hls-master';
import { parseEncoderPlaylist, parseMasterPlaylist } from '../../src/live/hls';

// The studio's own encoder (going live from a browser tab): the qualities it picks, how long its CMAF fragments
// play, how MediaRecorder's MP4 is cut into segments, and the playlists it sends, read back by the ingest's own parsers.

describe('the ladder the studio sends', () => {
  it('the source at most 720p and a rendition at half its height, each even-sized in the source’s shape', () => {
    expect(planLadder(1280, 720, 30).map((r) => [r.name, r.width, r.height])).toEqual([
      ['720p', 1280, 720],
      ['360p', 640, 360],
    ]);
    expect(planLadder(1920, 1080, 30).map((r) => r.name)).toEqual(['720p', '360p']);
    expect(planLadder(640, 480, 20).map((r) => [r.name, r.width, r.height])).toEqual([
      ['480p', 640, 480],
      ['240p', 320, 240],
    ]);
    // A creator who capped it at 360p; a capture too small for a second rendition; nothing to send.
    expect(planLadder(1280, 720, 30, 360).map((r) => r.name)).toEqual(['360p', '180p']);
    expect(planLadder(256, 144, 30).map((r) => r.name)).toEqual(['144p']);
    expect(planLadder(0, 0, 30)).toEqual([]);
  });

  it('a computer starts at the highest quality its cores keep up with', () => {
    expect([2, 4, 6, 8, 16, undefined].map(defaultSourceHeight)).toEqual([360, 480, 480, 720, 720, 360]);
  });

  it('bitrates follow the picture: more for the source than for the lower rendition, within sane bounds', () => {
    const [source, lower] = planLadder(1280, 720, 30);
    expect(source!.bitrate).toBeGreaterThan(lower!.bitrate);
    for (const r of [source!, lower!]) expect(r.bitrate).toBeGreaterThanOrEqual(200_000);
    expect(planLadder(3840, 2160, 60)[0]!.bitrate).toBeLessThanOrEqual(3_500_000);
  });
});

/** An ISO BMFF box: its size, type and body. */
function box(type: string, ...parts: Uint8Array[]): Uint8Array {
  const size = 8 + parts.reduce((n, p) => n + p.byteLength, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(
    [...type].map((c) => c.charCodeAt(0)),
    4,
  );
  let at = 8;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}
const u32 = (...values: number[]) => {
  const out = new Uint8Array(values.length * 4);
  for (const [i, v] of values.entries()) new DataView(out.buffer).setUint32(i * 4, v);
  return out;
};
const ascii = (text: string) => new Uint8Array([...text].map((c) => c.charCodeAt(0)));

/** A track: tkhd (version 0, id), mdhd (timescale), hdlr (`handler`). */
function trak(id: number, timescale: number, handler: string) {
  const tkhd = box('tkhd', u32(0, 0, 0, id));
  const mdhd = box('mdhd', u32(0, 0, 0, timescale));
  const hdlr = box('hdlr', u32(0, 0), ascii(handler));
  return box('trak', tkhd, box('mdia', mdhd, hdlr));
}
/** A fragment's track: tfhd with a default duration (or none), one trun with `durations` per sample (or none). */
function traf(id: number, { defaultDuration, durations, count }: { defaultDuration?: number; durations?: number[]; count?: number }) {
  const tfhd = defaultDuration === undefined ? box('tfhd', u32(0x020000, id)) : box('tfhd', u32(0x020008, id, defaultDuration));
  const samples = durations ?? Array.from({ length: count ?? 0 }, () => 0);
  const flags = durations ? 0x000301 : 0x000201; // data offset, sizes, and durations when given
  const perSample = samples.flatMap((d) => (durations ? [d, 100] : [100]));
  return box('traf', tfhd, box('tfdt', u32(0, 0)), box('trun', u32(flags, samples.length, 0), u32(...perSample)));
}

describe('CMAF fragments, read back', () => {
  const init = new Uint8Array([
    ...box('ftyp', ascii('iso6')),
    ...box('moov', trak(1, 90_000, 'vide'), trak(2, 48_000, 'soun'), box('mvex', box('trex', u32(0, 1, 1, 3000, 0, 0)), box('trex', u32(0, 2, 1, 1024, 0, 0)))),
  ]);

  it('knows each track’s timescale and kind from the init segment', () => {
    const tracks = initTracks(init);
    expect(tracks.get(1)).toEqual({ timescale: 90_000, video: true, defaultDuration: 3000, defaultFlags: 0 });
    expect(tracks.get(2)).toEqual({ timescale: 48_000, video: false, defaultDuration: 1024, defaultFlags: 0 });
  });

  it('a fragment lasts as long as its video samples, whether they name their durations, the fragment does, or the init', () => {
    const tracks = initTracks(init);
    // 30 frames of 3000 ticks at 90 kHz: 1 s; the audio beside it (47 frames of 1024 at 48 kHz) does not count.
    const named = box('moof', box('mfhd', u32(0, 1)), traf(2, { durations: Array(47).fill(1024) }), traf(1, { durations: Array(30).fill(3000) }));
    expect(fragmentDurationMs(named, tracks)).toBe(1000);
    expect(fragmentDurationMs(box('moof', traf(1, { defaultDuration: 4500, count: 20 })), tracks)).toBe(1000);
    expect(fragmentDurationMs(box('moof', traf(1, { count: 15 })), tracks)).toBe(500);
    expect(fragmentDurationMs(box('mdat', u32(1)), tracks)).toBeNull();
  });
});

/**
 * What Chromium 150's MediaRecorder gave for 1.7 s of its fake camera (320x180) and microphone, as
 * `video/mp4;codecs=avc1,opus` with `videoKeyFrameIntervalDuration: 500` and a 100 ms timeslice: one line of base64 per
 * piece it handed over. Its layout: ftyp, moov (track 1 Opus at 48 kHz, track 2 H.264 at 20 kHz), then a moof + mdat per
 * key frame, each moof with both tracks (tfdt from 0, the first video sample flagged a sync sample), the last one cut
 * short by stop().
 */
const RECORDED = Object.values(import.meta.glob<string>('./fixtures/mediarecorder-chromium.mp4.b64', { query: '?raw', import: 'default', eager: true }))[0]!
  .trim()
  .split('\n')
  .map((line) => Uint8Array.from(atob(line), (c) => c.charCodeAt(0)));
const RECORDING = new Uint8Array(RECORDED.flatMap((piece) => [...piece]));
const typeAt = (bytes: Uint8Array, at = 0) => String.fromCharCode(...bytes.subarray(at + 4, at + 8));

/** The segmenter's init segments and media segments for `pieces` pushed one after the other, then the end. */
function split(pieces: Uint8Array[], minSeconds = 0.4) {
  const inits: Uint8Array[] = [];
  const segments: RecordedSegment[] = [];
  const segmenter = new RecorderSegmenter(
    minSeconds,
    (init) => inits.push(init),
    (segment) => segments.push(segment),
  );
  for (const piece of pieces) segmenter.push(piece);
  segmenter.flush();
  return { inits, segments };
}
/** The top-level boxes of a segment, by type. */
function topBoxes(bytes: Uint8Array): string[] {
  const types: string[] = [];
  for (let at = 0; at < bytes.byteLength; at += new DataView(bytes.buffer, bytes.byteOffset + at).getUint32(0)) types.push(typeAt(bytes, at));
  return types;
}

describe('MediaRecorder’s MP4, cut into what the ingest takes', () => {
  it('an init segment of ftyp and moov naming H.264 and Opus at the picture’s size', () => {
    const { inits } = split(RECORDED);
    expect(inits).toHaveLength(1);
    expect(topBoxes(inits[0]!)).toEqual(['ftyp', 'moov']);
    expect(initCodecs(inits[0]!)).toEqual({ video: 'avc1.42c015', audio: 'opus', width: 320, height: 180 });
  });

  it('a segment per key frame, each opening with its moof, one after the other on the recording’s clock', () => {
    const { segments } = split(RECORDED);
    expect(segments.map((s) => topBoxes(s.bytes))).toEqual(Array(4).fill(['moof', 'mdat']));
    // About half a second each (the video track's samples at 20 kHz), the last cut short when the recording stopped;
    // each goes out with its own fragment, and starts where the one before ends, within the few ms Chromium's last
    // sample of a fragment falls short.
    expect(segments.map((s) => s.durationMs)).toEqual([520, 544, 500, 100]);
    expect(segments[0]!.startSeconds).toBe(0);
    for (const [i, s] of segments.slice(1).entries()) expect(Math.abs(s.startSeconds * 1000 - (segments[i]!.startSeconds * 1000 + segments[i]!.durationMs))).toBeLessThan(10);
    // Nothing is lost or added: the init and the segments are the recording, byte for byte.
    const { inits } = split(RECORDED);
    expect(inits[0]!.byteLength + segments.reduce((n, s) => n + s.bytes.byteLength, 0)).toBe(RECORDING.byteLength);
  });

  it('pieces that end mid-box give the same segments', () => {
    const whole = split(RECORDED);
    for (const size of [3, 1000, 8192]) {
      const pieces = Array.from({ length: Math.ceil(RECORDING.byteLength / size) }, (_, i) => RECORDING.slice(i * size, (i + 1) * size));
      const cut = split(pieces);
      expect(cut.inits).toEqual(whole.inits);
      expect(cut.segments).toEqual(whole.segments);
    }
  });

  it('fragments join until the segment lasts long enough', () => {
    expect(split(RECORDED, 1).segments.map((s) => [topBoxes(s.bytes).length, s.durationMs])).toEqual([
      [4, 1064],
      [4, 600],
    ]);
  });

  it('a fragment that opens on no key frame joins the segment before, and from then on segments wait for the next key frame', () => {
    // The second fragment's first video sample (its trun's first-sample flags, 6190 bytes in) made no key frame.
    const edited = RECORDING.slice();
    const view = new DataView(edited.buffer);
    expect(view.getUint32(6190)).toBe(0x02000000);
    view.setUint32(6190, 0x01010000);
    // The first segment still open: the fragment joins it, which then lasts until the next key frame's fragment.
    expect(split([edited], 1).segments.map((s) => [topBoxes(s.bytes).length, s.durationMs])).toEqual([
      [4, 1069],
      [4, 600],
    ]);
    // The first segment already sent (it was long enough at once): the fragment cannot be played and is left out.
    expect(split([edited]).segments.map((s) => [topBoxes(s.bytes).length, s.startSeconds, s.durationMs])).toEqual([
      [2, 0, 520],
      [2, expect.closeTo(1.069, 3), 502],
      [2, expect.closeTo(1.571, 3), 100],
    ]);
  });
});

describe('the playlists the studio sends pass the ingest’s parsers', () => {
  const start = Date.parse('2026-12-02T12:00:00Z');
  const segments: SentSegment[] = Array.from({ length: 9 }, (_, i) => ({ seq: i, name: `seg${i}.m4s`, durationMs: 1000 + (i % 2) * 50, programDateTime: start + i * 1025 }));

  it('a media playlist lists the newest six after the init segment, numbered as sent; closed at the end', () => {
    const live = parseEncoderPlaylist(mediaPlaylist(segments, { ended: false }));
    expect(live?.ended).toBe(false);
    expect(live?.segments.map((s) => [s.seq, s.name, s.durationMs, s.init])).toEqual(segments.slice(3).map((s) => [s.seq, s.name, s.durationMs, 'init.mp4']));
    expect(live?.segments[0]?.programDateTime).toBe(segments[3]!.programDateTime);
    expect(parseEncoderPlaylist(mediaPlaylist(segments, { ended: true }))?.ended).toBe(true);
  });

  it('the master playlist names each rendition with its bandwidth, size, codecs and frame rate', () => {
    const entries = [
      { name: '720p', bandwidth: 2_400_000, averageBandwidth: null, width: 1280, height: 720, codecs: 'avc1.64001f,mp4a.40.2', frameRate: 30 },
      { name: '360p', bandwidth: 700_000, averageBandwidth: null, width: 640, height: 360, codecs: 'avc1.64001e,mp4a.40.2', frameRate: 30 },
    ];
    expect(parseMasterPlaylist(renderMasterPlaylist(entries))).toEqual(
      entries.map((e) => ({ name: e.name, bandwidth: e.bandwidth, averageBandwidth: null, width: e.width, height: e.height, codecs: e.codecs, frameRate: e.frameRate })),
    );
  });
});
