import { useRouter } from '../../app/router-context';
import { useT } from '../../i18n/i18n';

/**
 * The brand's name for luv (bell, coin: brands/<id>/brand.json) in the page's language, and the page's locale
 * to write amounts in (formatInteger, client/lib/format.ts).
 */
export function useCurrency(): { currency: string; locale: string } {
  const t = useT();
  const { props } = useRouter();
  return { currency: t(`currency.${props.brand.currency}`), locale: props.locale };
}
