// A master playlist: the renditions of a stream, as the ingest stores them and as the studio's encoder in the browser
// sends them and viewers get them (src/live/hls.ts reads an encoder's; client/components/caster/golive sends one).

/** One quality of a stream that comes in several, as the encoder's master playlist described it. */
export interface Rendition {
  name: string;
  bandwidth: number;
  averageBandwidth: number | null;
  width: number | null;
  height: number | null;
  codecs: string | null;
  frameRate: number | null;
}

/** A live's playlists: `index.m3u8` near the edge, `dvr.m3u8` of the whole stream so far (rewind). */
export type PlaylistFile = 'index.m3u8' | 'dvr.m3u8';

/**
 * One entry per rendition, each `<prefix><name>/<playlist>` (`index.m3u8`, or a live's `dvr.m3u8` of the whole stream),
 * with `token` on restricted streams.
 */
export function renderMasterPlaylist(renditions: Rendition[], { prefix = '', token, playlist = 'index.m3u8' }: { prefix?: string; token?: string | null; playlist?: PlaylistFile } = {}): string {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const out = ['#EXTM3U', '#EXT-X-VERSION:6', '#EXT-X-INDEPENDENT-SEGMENTS'];
  for (const r of renditions) {
    const attrs = [`BANDWIDTH=${r.bandwidth}`];
    if (r.averageBandwidth !== null) attrs.push(`AVERAGE-BANDWIDTH=${r.averageBandwidth}`);
    if (r.width !== null && r.height !== null) attrs.push(`RESOLUTION=${r.width}x${r.height}`);
    if (r.codecs !== null) attrs.push(`CODECS="${r.codecs}"`);
    if (r.frameRate !== null) attrs.push(`FRAME-RATE=${r.frameRate.toFixed(3)}`);
    out.push(`#EXT-X-STREAM-INF:${attrs.join(',')}`, `${prefix}${r.name}/${playlist}${query}`);
  }
  return `${out.join('\n')}\n`;
}
