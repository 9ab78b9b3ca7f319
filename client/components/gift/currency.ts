import { useRouter } from '../../app/router-context';
import { useT } from '../../i18n/i18n';
import { formatInteger } from '../../lib/format';

export interface Currency {
  /** The brand's name for luv (bell, coin: brands/<id>/brand.json) for any number of it: a label, a sentence without an amount. */
  currency: string;
  /** The page's locale, to write other numbers in (formatInteger, client/lib/format.ts). */
  locale: string;
  /**
   * An amount's params for a message: the number as the language writes it and the name for that many ("1 coin",
   * "2 coins"); a balance not known yet (null) is `unknown` beside the plain name.
   */
  luv: (value: number | null, unknown?: string) => { amount: string; currency: string };
  /** An amount on its own, as wallet.amount writes it ("1,000 coins"). */
  amount: (value: number) => string;
}

/** The brand's currency in the page's language, and amounts of it written with it. */
export function useCurrency(): Currency {
  const t = useT();
  const { props } = useRouter();
  const name = `currency.${props.brand.currency}`;
  const currency = t(name);
  const luv = (value: number | null, unknown = '-') => (value === null ? { amount: unknown, currency } : { amount: formatInteger(value, props.locale), currency: t(name, { count: value }) });
  return { currency, locale: props.locale, luv, amount: (value) => t('wallet.amount', luv(value)) };
}
