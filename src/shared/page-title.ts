import type { PageProps } from './page-props';

/** "<page title> | <brand title>", or the brand title alone. */
export function pageTitle(props: Pick<PageProps, 'data' | 'brand'>): string {
  const title = typeof props.data.title === 'string' ? props.data.title : null;
  return title ? `${title} | ${props.brand.seo.title}` : props.brand.seo.title;
}
