import type { PageProps } from '../shared/page-props';
import { pageTitle } from '../shared/page-title';

/** What a link to a page shows when shared (a messenger's or a social site's preview card: Open Graph). */
export interface PageShare {
  title: string;
  description: string;
  /** The page's own address on the brand's site (without its query: a tab, a one-time proof). */
  url: string;
  /** An absolute picture of what the page shows, or the brand's icon. */
  image: string;
  /** With a picture of its own, the card shows it large. */
  large: boolean;
  type: 'website' | 'video.other';
}

/**
 * A picture a preview may carry: one every visitor is shown. A gated stream's (adult-only, password) is withheld from
 * lists and guests, so it is never put in a page's head either, nor any URL signed for one viewer.
 */
const publicPicture = (url: string | null | undefined, gated: boolean): string | null => (url && !gated && !url.includes('token=') ? url : null);

/**
 * The page's preview: a live's, a recording's and a clip's own title and picture (so a shared clip shows the clip, not
 * the site's home), the channel's description; the brand's for every other page.
 */
export function pageShare(props: PageProps): PageShare {
  const { brand } = props;
  const watched = watchedPicture(props);
  const path = props.path.split('?')[0] ?? '/';
  return {
    title: pageTitle(props),
    description: watched?.description || brand.seo.description,
    url: new URL(path, brand.url).href,
    image: new URL(watched?.picture ?? brand.icons.appIcon, brand.url).href,
    large: !!watched?.picture,
    type: watched ? 'video.other' : 'website',
  };
}

/** A watch page's own picture (null: none every visitor is shown) and, a channel's, its description; null elsewhere. */
function watchedPicture(props: PageProps): { picture: string | null; description?: string } | null {
  if (props.page === 'CHANNEL') {
    const page = (props as PageProps<'CHANNEL'>).data.channelPage;
    if (!page) return null;
    const { channel, live } = page;
    const picture = live ? publicPicture(live.thumbnailUrl, live.adult || live.hasPassword) : publicPicture(channel.thumbnailUrl, channel.chatAccess !== 'ok');
    return { picture, description: channel.description.trim() };
  }
  if (props.page === 'VOD') {
    const { stream } = (props as PageProps<'VOD'>).data;
    return stream ? { picture: publicPicture(stream.thumbnailUrl, stream.adult || stream.hasPassword) } : null;
  }
  if (props.page === 'CLIP') {
    const { clip } = (props as PageProps<'CLIP'>).data;
    return clip ? { picture: publicPicture(clip.pictureUrl, clip.adult) } : null;
  }
  return null;
}
