// hls.js's loader on a live (client/components/player/hls-engine.ts, prefetchedFirst): a playlist the player's boot
// fetched answers hls.js's first request for it; one that failed or does not answer in time leaves the request to
// the loader's own fetch. Driven as hls.js drives a loader, with the real FetchLoader underneath and fetch stubbed.
import type { LoaderCallbacks, LoaderConfiguration, LoaderContext, LoaderStats } from 'hls.js';
import { describe, expect, it, vi } from 'vitest';
import { prefetchedFirst } from '../../client/components/player/hls-engine';
import type { FetchedPlaylist } from '../../client/components/player/live-prefetch';

const URL_ = 'http://localhost/live/7/index.m3u8';
const context = { url: URL_, type: 'manifest', responseType: 'text' } as unknown as LoaderContext;
const policy = { maxTimeToFirstByteMs: 4000, maxLoadTimeMs: 6000, timeoutRetry: null, errorRetry: null };
const config = { loadPolicy: policy, timeout: 4000 } as unknown as LoaderConfiguration;

function callbacks() {
  const answers: { data: unknown; url: string; stats: LoaderStats }[] = [];
  const calls = {
    onSuccess: (response: { data: unknown; url: string }, stats: LoaderStats) => answers.push({ data: response.data, url: response.url, stats }),
    onError: vi.fn(),
    onTimeout: vi.fn(),
    onAbort: vi.fn(),
  } as unknown as LoaderCallbacks<LoaderContext>;
  return { calls, answers };
}

/** A loader whose prefetch answers `playlist` (a promise) for URL_, once. */
function loaderWith(playlist: Promise<FetchedPlaylist | null> | null) {
  let taken = false;
  const take = (url: string) => {
    if (url !== URL_ || taken) return null;
    taken = true;
    return playlist;
  };
  const Loader = prefetchedFirst({ take });
  return new Loader({} as ConstructorParameters<typeof Loader>[0]);
}

const network = () => vi.fn(async () => new Response('#EXTM3U\nfrom the network', { status: 200 }));

describe('the live loader and the prefetched playlists', () => {
  it('answers the first request from the prefetch, dated when its answer arrived, without a fetch of its own', async () => {
    const fetch = network();
    vi.stubGlobal('fetch', fetch);
    const receivedAt = performance.now() - 200;
    const { calls, answers } = callbacks();
    loaderWith(Promise.resolve({ text: '#EXTM3U\nprefetched', url: URL_, receivedAt })).load(context, config, calls);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]!.data).toBe('#EXTM3U\nprefetched');
    expect(answers[0]!.stats.loading.first).toBe(receivedAt);
    expect(fetch).not.toHaveBeenCalled();
    // The next request of the same playlist (a reload) goes to the network.
    const next = callbacks();
    loaderWith(null).load(context, config, next.calls);
    await vi.waitFor(() => expect(next.answers).toHaveLength(1));
    expect(next.answers[0]!.data).toBe('#EXTM3U\nfrom the network');
  });

  it('fetches the playlist itself when the prefetch failed', async () => {
    const fetch = network();
    vi.stubGlobal('fetch', fetch);
    const { calls, answers } = callbacks();
    loaderWith(Promise.resolve(null)).load(context, config, calls);
    await vi.waitFor(() => expect(answers).toHaveLength(1));
    expect(answers[0]!.data).toBe('#EXTM3U\nfrom the network');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('fetches the playlist itself when the prefetch does not answer in time, and takes no late answer', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const fetch = network();
      vi.stubGlobal('fetch', fetch);
      let late: (playlist: FetchedPlaylist) => void = () => {};
      const { calls, answers } = callbacks();
      loaderWith(new Promise((resolve) => (late = resolve))).load(context, config, calls);
      await vi.advanceTimersByTimeAsync(2900);
      expect(fetch).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(200);
      expect(fetch).toHaveBeenCalledTimes(1);
      late({ text: '#EXTM3U\nlate', url: URL_, receivedAt: performance.now() });
      await vi.waitFor(() => expect(answers).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(10);
      expect(answers.map((a) => a.data)).toEqual(['#EXTM3U\nfrom the network']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says nothing once aborted or destroyed', async () => {
    vi.stubGlobal('fetch', network());
    let answer: (playlist: FetchedPlaylist) => void = () => {};
    const { calls, answers } = callbacks();
    const loader = loaderWith(new Promise((resolve) => (answer = resolve)));
    loader.load(context, config, calls);
    loader.abort();
    answer({ text: '#EXTM3U', url: URL_, receivedAt: performance.now() });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers).toEqual([]);
    const destroyed = loaderWith(Promise.resolve({ text: '#EXTM3U', url: URL_, receivedAt: performance.now() }));
    destroyed.load(context, config, calls);
    destroyed.destroy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answers).toEqual([]);
  });
});
