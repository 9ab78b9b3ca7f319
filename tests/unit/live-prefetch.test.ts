import { describe, expect, it } from 'vitest';
import { newestMedia } from '../../client/components/player/live-prefetch';
import { renderPlaylist, type ServedSegment } from '../../src/live/hls';

// What the player's boot fetches ahead of hls.js (client/components/player/live-prefetch.ts), read from playlists as
// the Worker renders them (src/live/hls.ts): the newest init segment and the newest two segments, the newest of
// which a live lists only as its part.

const segment = (seq: number, over: Partial<ServedSegment> = {}): ServedSegment => ({
  name: `index${seq}.m4s`,
  seq,
  durationMs: 500,
  programDateTime: 1_800_000_000_000 + seq * 500,
  generation: 0,
  initName: 'init.mp4',
  ...over,
});

describe('the live media prefetched before hls.js loads', () => {
  it('is the init segment and the newest two segments, the newest listed only as its part', () => {
    const text = renderPlaylist({ segments: [10, 11, 12, 13, 14].map((n) => segment(n)), discontinuitySequence: 0 }, { ended: false, prefix: '7/', token: 'tk' });
    expect(text).toContain('#EXT-X-PART:DURATION=0.500,URI="7/index14.m4s?token=tk"');
    expect(text).not.toMatch(/^7\/index14\.m4s/m);
    expect(newestMedia(text)).toEqual(['7/init.mp4?token=tk', '7/index13.m4s?token=tk', '7/index14.m4s?token=tk']);
  });

  it("takes the newest run's init segment after an encoder restart", () => {
    const text = renderPlaylist(
      {
        segments: [segment(3), segment(4), segment(5, { generation: 1, initName: '1.init.mp4', name: '1.index0.m4s' }), segment(6, { generation: 1, initName: '1.init.mp4', name: '1.index1.m4s' })],
        discontinuitySequence: 0,
      },
      { ended: false },
    );
    expect(newestMedia(text)).toEqual(['1.init.mp4', '1.index0.m4s', '1.index1.m4s']);
  });

  it('has no init segment for MPEG-TS, and nothing for a master playlist (hls.js picks the rendition)', () => {
    const ts = renderPlaylist({ segments: [1, 2, 3].map((n) => segment(n, { initName: null, name: `index${n}.ts` })), discontinuitySequence: 0 }, { ended: false });
    expect(newestMedia(ts)).toEqual(['index2.ts', 'index3.ts']);
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000000,RESOLUTION=854x480\n480p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360\n360p/index.m3u8\n';
    expect(newestMedia(master)).toEqual([]);
  });
});
