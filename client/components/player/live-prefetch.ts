/**
 * The first media a live will need, fetched into the browser's cache while the player's code is still loading:
 * the media playlist, then its newest init segment and the newest two segments (a player starts a part or two
 * behind the edge: hls-config.ts). Segments are immutable and cacheable, so hls.js, asking for the same URLs a
 * moment later, gets them from the cache instead of one round trip after another. A master playlist (several
 * renditions) is left to hls.js: which rendition it starts on is its bandwidth estimate's choice.
 */
export async function prefetchLiveStart(url: string, signal: AbortSignal): Promise<void> {
  const playlist = await fetch(url, { cache: 'no-cache', signal });
  if (!playlist.ok) return;
  const base = playlist.url; // absolute: where the playlist came from
  const uris = newestMedia(await playlist.text());
  await Promise.all(uris.map((uri) => fetch(new URL(uri, base), { signal }).then((res) => res.arrayBuffer())));
}

/** A media playlist's newest init segment (#EXT-X-MAP) and newest two segments, whole or announced as parts. */
export function newestMedia(text: string): string[] {
  if (text.includes('#EXT-X-STREAM-INF')) return [];
  let init: string | null = null;
  const segments: string[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    const map = /^#EXT-X-MAP:.*URI="([^"]+)"/.exec(line);
    const part = /^#EXT-X-PART:.*URI="([^"]+)"/.exec(line);
    if (map) init = map[1]!;
    else if (part) segments.push(part[1]!);
    else if (line && !line.startsWith('#')) segments.push(line);
  }
  const newest = [...new Set(segments)].slice(-2);
  return [...(init ? [init] : []), ...newest];
}
