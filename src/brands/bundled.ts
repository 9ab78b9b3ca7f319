import flex from '../../brands/flex/brand.json';
import flexplus from '../../brands/flexplus/brand.json';
import shell from '../../brands/shell/brand.json';
import bread from '../../brands/bread/brand.json';
import nest from '../../brands/nest/brand.json';
import live from '../../brands/live/brand.json';

/** The brand files shipped with the Worker: the fallback when KV lacks or garbles a brand. */
export const bundledBrands: Record<string, unknown> = { flex, flexplus, shell, bread, nest, live };
export const BUNDLED_DEFAULT_BRAND = 'flex';
