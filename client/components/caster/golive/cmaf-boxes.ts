// Reading just enough of ISO BMFF (CMAF) boxes to know how long a media segment plays: the init segment's tracks
// (id, timescale, handler, default sample duration and flags) and a fragment's sample durations; and, for fragments
// another muxer made (MediaRecorder), where a fragment starts, whether on a key frame, and the codecs an init names.

interface Box {
  type: string;
  /** Where its content starts (after the header) and where the box ends. */
  body: number;
  end: number;
}

export function* boxes(bytes: Uint8Array, start = 0, end = bytes.byteLength): Generator<Box> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = start;
  while (at + 8 <= end) {
    let size = view.getUint32(at);
    let header = 8;
    if (size === 1) {
      size = Number(view.getBigUint64(at + 8));
      header = 16;
    } else if (size === 0) size = end - at;
    if (size < header || at + size > end) return;
    yield { type: String.fromCharCode(bytes[at + 4]!, bytes[at + 5]!, bytes[at + 6]!, bytes[at + 7]!), body: at + header, end: at + size };
    at += size;
  }
}

const child = (bytes: Uint8Array, parent: Box, type: string) => [...boxes(bytes, parent.body, parent.end)].find((b) => b.type === type);

export interface TrackInfo {
  timescale: number;
  video: boolean;
  /** The sample duration a fragment uses when it names none (mvex/trex). */
  defaultDuration: number;
  /** The sample flags a fragment uses when it names none (mvex/trex). */
  defaultFlags: number;
}

/** The tracks of an init segment (ftyp + moov), by track id. */
export function initTracks(init: Uint8Array): Map<number, TrackInfo> {
  const view = new DataView(init.buffer, init.byteOffset, init.byteLength);
  const tracks = new Map<number, TrackInfo>();
  const moov = [...boxes(init)].find((b) => b.type === 'moov');
  if (!moov) return tracks;
  for (const box of boxes(init, moov.body, moov.end)) {
    if (box.type === 'trak') {
      const tkhd = child(init, box, 'tkhd');
      const mdia = child(init, box, 'mdia');
      const mdhd = mdia && child(init, mdia, 'mdhd');
      const hdlr = mdia && child(init, mdia, 'hdlr');
      if (!tkhd || !mdhd || !hdlr) continue;
      const id = view.getUint32(tkhd.body + (init[tkhd.body] === 1 ? 20 : 12));
      const timescale = view.getUint32(mdhd.body + (init[mdhd.body] === 1 ? 20 : 12));
      const handler = String.fromCharCode(...init.subarray(hdlr.body + 8, hdlr.body + 12));
      tracks.set(id, { timescale, video: handler === 'vide', defaultDuration: 0, defaultFlags: 0 });
    }
  }
  const mvex = child(init, moov, 'mvex');
  for (const trex of mvex ? [...boxes(init, mvex.body, mvex.end)].filter((b) => b.type === 'trex') : []) {
    const track = tracks.get(view.getUint32(trex.body + 4));
    if (!track) continue;
    track.defaultDuration = view.getUint32(trex.body + 12);
    track.defaultFlags = view.getUint32(trex.body + 20);
  }
  return tracks;
}

/** How long a fragment (moof, its mdat may follow) plays, by its video track (else its first), in ms; null if unreadable. */
export function fragmentDurationMs(fragment: Uint8Array, tracks: Map<number, TrackInfo>): number | null {
  const view = new DataView(fragment.buffer, fragment.byteOffset, fragment.byteLength);
  const moof = [...boxes(fragment)].find((b) => b.type === 'moof');
  if (!moof) return null;
  const durations: { track: TrackInfo; ticks: number }[] = [];
  for (const traf of [...boxes(fragment, moof.body, moof.end)].filter((b) => b.type === 'traf')) {
    const tfhd = child(fragment, traf, 'tfhd');
    if (!tfhd) continue;
    const tfhdFlags = view.getUint32(tfhd.body) & 0xffffff;
    const track = tracks.get(view.getUint32(tfhd.body + 4));
    if (!track) continue;
    let at = tfhd.body + 8;
    if (tfhdFlags & 0x01) at += 8; // base data offset
    if (tfhdFlags & 0x02) at += 4; // sample description index
    const defaultDuration = tfhdFlags & 0x08 ? view.getUint32(at) : track.defaultDuration;
    let ticks = 0;
    for (const trun of [...boxes(fragment, traf.body, traf.end)].filter((b) => b.type === 'trun')) {
      const flags = view.getUint32(trun.body) & 0xffffff;
      const count = view.getUint32(trun.body + 4);
      let p = trun.body + 8;
      if (flags & 0x01) p += 4; // data offset
      if (flags & 0x04) p += 4; // first sample flags
      const fields = [0x100, 0x200, 0x400, 0x800].filter((f) => flags & f).length;
      for (let i = 0; i < count; i++) {
        ticks += flags & 0x100 ? view.getUint32(p) : defaultDuration;
        p += fields * 4;
      }
    }
    durations.push({ track, ticks });
  }
  const chosen = durations.find((d) => d.track.video) ?? durations[0];
  return chosen && chosen.track.timescale > 0 ? Math.round((chosen.ticks * 1000) / chosen.track.timescale) : null;
}

/** Bit 16 of ISO BMFF sample flags: the sample is not a sync sample (not a key frame). */
const NON_SYNC = 0x10000;

/**
 * Where a fragment starts on its video track's clock (else its first track's), in seconds (tfdt), and whether that
 * first sample is a key frame (its own flags, else the fragment's default, else the init's); null if unreadable.
 */
export function fragmentStart(fragment: Uint8Array, tracks: Map<number, TrackInfo>): { seconds: number; keyFrame: boolean } | null {
  const view = new DataView(fragment.buffer, fragment.byteOffset, fragment.byteLength);
  const moof = [...boxes(fragment)].find((b) => b.type === 'moof');
  if (!moof) return null;
  const starts: { track: TrackInfo; seconds: number; keyFrame: boolean }[] = [];
  for (const traf of [...boxes(fragment, moof.body, moof.end)].filter((b) => b.type === 'traf')) {
    const tfhd = child(fragment, traf, 'tfhd');
    const tfdt = child(fragment, traf, 'tfdt');
    const trun = child(fragment, traf, 'trun');
    const track = tfhd && tracks.get(view.getUint32(tfhd.body + 4));
    if (!tfhd || !tfdt || !trun || !track || track.timescale <= 0) continue;
    const tfhdFlags = view.getUint32(tfhd.body) & 0xffffff;
    let at = tfhd.body + 8;
    if (tfhdFlags & 0x01) at += 8; // base data offset
    if (tfhdFlags & 0x02) at += 4; // sample description index
    if (tfhdFlags & 0x08) at += 4; // default sample duration
    if (tfhdFlags & 0x10) at += 4; // default sample size
    let flags = tfhdFlags & 0x20 ? view.getUint32(at) : track.defaultFlags;
    const trunFlags = view.getUint32(trun.body) & 0xffffff;
    const firstSample = trun.body + 8 + (trunFlags & 0x01 ? 4 : 0);
    if (trunFlags & 0x04) flags = view.getUint32(firstSample);
    else if (trunFlags & 0x400) flags = view.getUint32(firstSample + (trunFlags & 0x100 ? 4 : 0) + (trunFlags & 0x200 ? 4 : 0));
    const decodeTime = fragment[tfdt.body] === 1 ? Number(view.getBigUint64(tfdt.body + 4)) : view.getUint32(tfdt.body + 4);
    starts.push({ track, seconds: decodeTime / track.timescale, keyFrame: (flags & NON_SYNC) === 0 });
  }
  const chosen = starts.find((s) => s.track.video) ?? starts[0];
  return chosen ? { seconds: chosen.seconds, keyFrame: chosen.keyFrame } : null;
}

export interface InitCodecs {
  /** RFC 6381 names, as a master playlist's CODECS lists them (`avc1.42c01f`, `mp4a.40.2`, `opus`). */
  video: string | null;
  audio: string | null;
  width: number;
  height: number;
}

/** The codecs and the picture size an init segment's sample entries name (H.264 with AAC or Opus). */
export function initCodecs(init: Uint8Array): InitCodecs {
  const view = new DataView(init.buffer, init.byteOffset, init.byteLength);
  const found: InitCodecs = { video: null, audio: null, width: 0, height: 0 };
  const path = (parent: Box | undefined, ...types: string[]) => types.reduce<Box | undefined>((box, type) => box && child(init, box, type), parent);
  const moov = [...boxes(init)].find((b) => b.type === 'moov');
  for (const trak of moov ? [...boxes(init, moov.body, moov.end)].filter((b) => b.type === 'trak') : []) {
    const stsd = path(trak, 'mdia', 'minf', 'stbl', 'stsd');
    // stsd: version and flags, an entry count, then the sample entries.
    const entry = stsd && [...boxes(init, stsd.body + 8, stsd.end)][0];
    if (!entry) continue;
    if (entry.type === 'avc1' || entry.type === 'avc3') {
      // A visual sample entry: 6 reserved bytes, data reference index, 16 predefined bytes, then width and height;
      // its boxes (avcC) after 78 bytes. avcC: version, then profile, profile compatibility and level.
      found.width = view.getUint16(entry.body + 24);
      found.height = view.getUint16(entry.body + 26);
      const avcC = [...boxes(init, entry.body + 78, entry.end)].find((b) => b.type === 'avcC');
      const hex = avcC ? [...init.subarray(avcC.body + 1, avcC.body + 4)].map((b) => b.toString(16).padStart(2, '0')).join('') : '42e01f';
      found.video = `${entry.type}.${hex}`;
    } else if (entry.type === 'mp4a') found.audio = 'mp4a.40.2';
    else if (entry.type === 'Opus') found.audio = 'opus';
  }
  return found;
}
