import type { PageProps } from './page-props';

/** "<page title> | <brand title>", or the brand title alone. */
export function pageTitle(props: Pick<PageProps, 'data' | 'brand'>): string {
  // Every page's data has its title but the home page's (PageDataMap).
  const title = 'title' in props.data ? props.data.title : null;
  return title ? `${title} | ${props.brand.seo.title}` : props.brand.seo.title;
}
