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
  const data = props.data as Partial<Record<string, unknown>>;
  let picture: string | null = null;
  let description = brand.seo.description;
  let watch = false;
  if (props.page === 'CHANNEL' && (props as PageProps<'CHANNEL'>).data.channelPage) {
    const { channel, live } = (props as PageProps<'CHANNEL'>).data.channelPage!;
    picture = live ? publicPicture(live.thumbnailUrl, live.adult || live.hasPassword) : publicPicture(channel.thumbnailUrl, channel.chatAccess !== 'ok');
    description = channel.description.trim() || description;
    watch = true;
  } else if (props.page === 'VOD' && (props as PageProps<'VOD'>).data.stream) {
    const { stream } = (props as PageProps<'VOD'>).data;
    picture = publicPicture(stream!.thumbnailUrl, stream!.adult || stream!.hasPassword);
    watch = true;
  } else if (props.page === 'CLIP' && (props as PageProps<'CLIP'>).data.clip) {
    const { clip } = (props as PageProps<'CLIP'>).data;
    picture = publicPicture(clip!.pictureUrl, clip!.adult);
    watch = true;
  }
  const path = props.path.split('?')[0] ?? '/';
  return {
    title: 'title' in data && data.title ? pageTitle(props) : brand.seo.title,
    description,
    url: new URL(path, brand.url).href,
    image: new URL(picture ?? brand.icons.appIcon, brand.url).href,
    large: picture !== null,
    type: watch ? 'video.other' : 'website',
  };
}
