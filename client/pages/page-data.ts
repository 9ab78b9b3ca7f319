import type { PageProps } from '../../src/shared/page-props';

/** A string field of the page data, or null (the data is empty when it failed to load). */
export function dataString(props: PageProps, name: string): string | null {
  const value = props.data[name];
  return typeof value === 'string' && value ? value : null;
}

/** The page's query string with its '?', or '' (links between sign-up pages keep it). */
export function searchOf(props: PageProps): string {
  const at = props.path.indexOf('?');
  return at < 0 ? '' : props.path.slice(at);
}
