// Loaded with a dynamic import only by the foreigner sign-up form: the phone metadata must stay out
// of the home page bundle.
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';

export interface CountryOption {
  /** ISO 3166 region, unique (several regions share a calling code, e.g. US and CA). */
  region: string;
  /** Calling code digits, e.g. "82". */
  phoneCode: string;
  countryName: string;
  /** Shown as 'Name ( + code ) '. */
  label: string;
}

export function countryOptions(locale: string): CountryOption[] {
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  return getCountries()
    .map((region) => {
      const phoneCode = getCountryCallingCode(region);
      const countryName = names.of(region) ?? region;
      return { region, phoneCode, countryName, label: `${countryName} ( + ${phoneCode} ) ` };
    })
    .sort((a, b) => collator.compare(a.countryName, b.countryName));
}
