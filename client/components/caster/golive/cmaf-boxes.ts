// Reading just enough of ISO BMFF (CMAF) boxes to know how long a media segment plays: the init segment's tracks
// (id, timescale, handler, default sample duration) and a fragment's sample durations.

interface Box {
  type: string;
  /** Where its content starts (after the header) and where the box ends. */
  body: number;
  end: number;
}

function* boxes(bytes: Uint8Array, start = 0, end = bytes.byteLength): Generator<Box> {
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
      tracks.set(id, { timescale, video: handler === 'vide', defaultDuration: tracks.get(id)?.defaultDuration ?? 0 });
    }
  }
  const mvex = child(init, moov, 'mvex');
  for (const trex of mvex ? [...boxes(init, mvex.body, mvex.end)].filter((b) => b.type === 'trex') : []) {
    const track = tracks.get(view.getUint32(trex.body + 4));
    if (track) track.defaultDuration = view.getUint32(trex.body + 12);
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
