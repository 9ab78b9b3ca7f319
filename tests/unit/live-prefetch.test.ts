import { describe, expect, it, vi } from 'vitest';
import { listedDateAtZero, listedStarts, newestMedia, prefetchedPlaylists, startVariant } from '../../client/components/player/live-prefetch';
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

  it('has no init segment for MPEG-TS, and nothing for a master playlist (its rendition is another playlist)', () => {
    const ts = renderPlaylist({ segments: [1, 2, 3].map((n) => segment(n, { initName: null, name: `index${n}.ts` })), discontinuitySequence: 0 }, { ended: false });
    expect(newestMedia(ts)).toEqual(['index2.ts', 'index3.ts']);
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1000000,RESOLUTION=854x480\n480p/index.m3u8\n#EXT-X-STREAM-INF:BANDWIDTH=600000,RESOLUTION=640x360\n360p/index.m3u8\n';
    expect(newestMedia(master)).toEqual([]);
  });
});

describe("where the first media goes on hls.js's timeline", () => {
  it('each listed segment starts where the ones before it end, from the first listed; the newest, listed only as its part, where the whole ones end', () => {
    const text = renderPlaylist(
      { segments: [segment(20, { durationMs: 480 }), segment(21, { durationMs: 520 }), segment(22), segment(23)], discontinuitySequence: 0 },
      { ended: false, prefix: '7/', token: 'tk' },
    );
    const starts = listedStarts(text);
    expect([...starts.keys()]).toEqual(['7/index20.m4s?token=tk', '7/index21.m4s?token=tk', '7/index22.m4s?token=tk', '7/index23.m4s?token=tk']);
    expect([...starts.values()].map((s) => Math.round(s * 1000))).toEqual([0, 480, 1000, 1500]);
    // The URIs newestMedia gives are the keys: the first media's segments are found by them.
    for (const uri of newestMedia(text).slice(1)) expect(starts.has(uri)).toBe(true);
  });

  it('counts on through an encoder restart (a discontinuity and a new init segment)', () => {
    const text = renderPlaylist(
      {
        segments: [
          segment(3),
          segment(4),
          segment(5, { generation: 1, initName: '1.init.mp4', name: '1.index0.m4s', durationMs: 1000 }),
          segment(6, { generation: 1, initName: '1.init.mp4', name: '1.index1.m4s' }),
        ],
        discontinuitySequence: 0,
      },
      { ended: false },
    );
    expect(Object.fromEntries(listedStarts(text))).toEqual({ 'index3.m4s': 0, 'index4.m4s': 0.5, '1.index0.m4s': 1, '1.index1.m4s': 2 });
  });
});

describe("the program date-time of the first media's timeline", () => {
  it("is the first listed segment's date: time 0 there, each later segment's date less its start", () => {
    const segments = [segment(20), segment(21), segment(22)];
    const text = renderPlaylist({ segments, discontinuitySequence: 0 }, { ended: false });
    const zero = listedDateAtZero(text);
    expect(zero).toBe(segments[0]!.programDateTime);
    const starts = listedStarts(text);
    for (const s of segments) expect(zero! + starts.get(s.name)! * 1000).toBe(s.programDateTime);
  });

  it('counts the time listed before a first date, and is null for a playlist that dates nothing', () => {
    const undated = '#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:0.5,\na.m4s\n#EXTINF:0.5,\nb.m4s\n';
    expect(listedDateAtZero(undated)).toBeNull();
    const late = undated.replace('#EXTINF:0.5,\nb.m4s', '#EXT-X-PROGRAM-DATE-TIME:2027-01-15T08:00:00.500Z\n#EXTINF:0.5,\nb.m4s');
    expect(listedDateAtZero(late)).toBe(Date.parse('2027-01-15T08:00:00.000Z'));
  });
});

describe('the rendition a master playlist starts on', () => {
  const master = [
    '#EXTM3U',
    '#EXT-X-STREAM-INF:BANDWIDTH=1060400,RESOLUTION=854x480,CODECS="avc1.42c01f,mp4a.40.2"',
    '7/480p/index.m3u8?token=tk',
    '#EXT-X-STREAM-INF:BANDWIDTH=620400,RESOLUTION=640x360',
    '7/360p/index.m3u8?token=tk',
    '',
  ].join('\n');

  it('is the height this device chose where it is listed, else the first listed; none for a media playlist', () => {
    expect(startVariant(master, 360)).toBe('7/360p/index.m3u8?token=tk');
    expect(startVariant(master, null)).toBe('7/480p/index.m3u8?token=tk');
    expect(startVariant(master, 1080)).toBe('7/480p/index.m3u8?token=tk');
    expect(startVariant(renderPlaylist({ segments: [segment(1)], discontinuitySequence: 0 }, { ended: false }), null)).toBeNull();
  });
});

describe('playlists fetched ahead of the player', () => {
  const base = 'https://flex.example/channel/someone';
  const answer = (text: string, url: string) => {
    const response = new Response(text);
    Object.defineProperty(response, 'url', { value: url });
    return Promise.resolve(response);
  };

  it("answer the player's first request for the same URL, relative or absolute, once", async () => {
    const playlists = prefetchedPlaylists(base);
    const signal = new AbortController().signal;
    const receivedAt = performance.now() - 100;
    await playlists.fetch('/live/7/index.m3u8', signal, { url: '/live/7/index.m3u8', response: answer('#EXTM3U\nmaster', 'https://flex.example/live/7/index.m3u8'), receivedAt });
    expect(playlists.take('https://flex.example/live/7/other.m3u8')).toBeNull();
    // When the boot script's fetch was answered, so that the player knows how old the playlist is.
    expect(await playlists.take('https://flex.example/live/7/index.m3u8')).toEqual({ text: '#EXTM3U\nmaster', url: 'https://flex.example/live/7/index.m3u8', receivedAt });
    // Taken: the player's next request (a reload) goes to the network.
    expect(playlists.take('/live/7/index.m3u8')).toBeNull();
  });

  it('answer nothing once older than they may be, or when the fetch failed', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const playlists = prefetchedPlaylists(base);
      const signal = new AbortController().signal;
      await playlists.fetch('/live/7/index.m3u8', signal, { url: '/live/7/index.m3u8', response: answer('#EXTM3U', 'https://flex.example/live/7/index.m3u8') });
      vi.advanceTimersByTime(3001);
      expect(playlists.take('/live/7/index.m3u8')).toBeNull();
      // Reckoned from its answer, not from when it was asked for: the boot script's early fetch, answered 2 s before
      // the boot took it over, has 1 s left.
      await playlists.fetch('/live/7/index.m3u8', signal, { url: '/live/7/index.m3u8', response: answer('#EXTM3U', 'https://flex.example/live/7/index.m3u8'), receivedAt: performance.now() - 2000 });
      vi.advanceTimersByTime(999);
      expect(await playlists.take('/live/7/index.m3u8')).not.toBeNull();
      await playlists.fetch('/live/7/index.m3u8', signal, { url: '/live/7/index.m3u8', response: answer('#EXTM3U', 'https://flex.example/live/7/index.m3u8'), receivedAt: performance.now() - 2000 });
      vi.advanceTimersByTime(1001);
      expect(playlists.take('/live/7/index.m3u8')).toBeNull();
      await playlists.fetch('/live/7/index.m3u8', signal, { url: '/live/7/index.m3u8', response: Promise.resolve(new Response('gone', { status: 404 })) });
      expect(await playlists.take('/live/7/index.m3u8')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
