import { useMemo } from 'react';
import { useRouter } from '../../app/router-context';
import { formatInteger, useT } from '../../i18n/i18n';

/**
 * The brand's name for luv (bell, coin: brands/<id>/brand.json) in the page's language, and amounts
 * written the way that language groups digits.
 */
export function useCurrency(): { currency: string; formatAmount: (amount: number) => string } {
  const t = useT();
  const { props } = useRouter();
  const currency = t(`currency.${props.brand.currency}`);
  const formatAmount = useMemo(() => (amount: number) => formatInteger(amount, props.locale), [props.locale]);
  return { currency, formatAmount };
}
