// The qualities the studio's encoder sends, from what the camera or screen gives. See docs/product/watching-and-chat.md,
// "Going live from the studio".

export interface RenditionPlan {
  /** Its folder at the ingest and its name in the quality menu (`480p`). */
  name: string;
  width: number;
  height: number;
  /** Video bits per second. */
  bitrate: number;
}

/** The source is sent at most this tall; a taller capture (a 4K screen) is scaled down. The creator may choose less. */
export const MAX_SOURCE_HEIGHT = 720;
/** The heights a creator may cap the source at (a slower computer keeps up with less). */
export const SOURCE_HEIGHTS = [720, 480, 360] as const;

/**
 * The cap a computer starts with, by its cores: encoding 720p and 360p in a tab kept up on two cores alone, but not
 * beside a server and a viewer's browser (docs/decisions.md, "Going live from a tab"). The creator may change it.
 */
export function defaultSourceHeight(cores: number | undefined): number {
  if ((cores ?? 0) >= 8) return 720;
  return (cores ?? 0) >= 4 ? 480 : 360;
}
/** The lower rendition is half the source's height, and never shorter than this. */
export const MIN_HEIGHT = 144;
/** H.264 at about this many bits a pixel a frame looks clean for faces and screens at these sizes. */
const BITS_PER_PIXEL = 0.1;
const BITRATE_RANGE = [200_000, 3_500_000] as const;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

function rendition(width: number, height: number, frameRate: number): RenditionPlan {
  const bitrate = Math.round(Math.min(BITRATE_RANGE[1], Math.max(BITRATE_RANGE[0], width * height * frameRate * BITS_PER_PIXEL)));
  return { name: `${height}p`, width, height, bitrate };
}

/**
 * The source (its own size, at most `maxHeight` tall) and, when there is room below it, a rendition at half its
 * height: each even-sized and in the source's aspect ratio.
 */
export function planLadder(width: number, height: number, frameRate: number, maxHeight = MAX_SOURCE_HEIGHT): RenditionPlan[] {
  if (!(width > 0 && height > 0 && frameRate > 0)) return [];
  const scale = Math.min(1, Math.min(maxHeight, MAX_SOURCE_HEIGHT) / height);
  const sourceHeight = even(height * scale);
  const source = rendition(even(width * scale), sourceHeight, frameRate);
  const lowerHeight = even(sourceHeight / 2);
  if (lowerHeight < MIN_HEIGHT) return [source];
  return [source, rendition(even((width * lowerHeight) / height), lowerHeight, frameRate)];
}
