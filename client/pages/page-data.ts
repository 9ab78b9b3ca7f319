import type { PageProps } from '../../src/shared/page-props';

/** The page's query string with its '?', or '' (links between sign-up pages keep it). */
export function searchOf(props: PageProps): string {
  const at = props.path.indexOf('?');
  return at < 0 ? '' : props.path.slice(at);
}
