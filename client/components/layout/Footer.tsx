import type { PublicBrand } from '../../../src/shared/brand-schema';
import { useT } from '../../i18n/i18n';

/**
 * The policy texts of GET /static/{file} linked here (terms first), each a page at /policies/{file}.
 * Listed here rather than imported from src/shared/cs-rules.ts: this is in every page's first load.
 */
const POLICY_LINKS = ['service-rules', 'privacy-rules', 'youth-protection', 'operating-policy'] as const;

/** Company details the law asks for, and where to get the app. */
export function Footer({ brand }: { brand: PublicBrand }) {
  const t = useT();
  const contact = brand.contactType === 'phone' ? brand.phone : brand.email;
  return (
    <footer className="site-footer">
      <div className="footer-company">
        <p className="footer-name">{brand.companyName}</p>
        <dl className="footer-details">
          <dt>{t('footer.representative')}</dt>
          <dd>{brand.representative}</dd>
          <dt>{t('footer.registration')}</dt>
          <dd>{brand.companyRegistrationNumber}</dd>
          <dt>{t('footer.address')}</dt>
          <dd>{brand.address}</dd>
          <dt>{t('footer.phone')}</dt>
          <dd>{brand.phone}</dd>
          <dt>{t(`footer.contact.${brand.contactType}`)}</dt>
          <dd>{brand.contactType === 'email' ? <a href={`mailto:${brand.email}`}>{contact}</a> : contact}</dd>
        </dl>
      </div>
      {(brand.stores.appStore || brand.stores.playStore) && (
        <nav aria-label={t('footer.stores')} className="footer-stores">
          {brand.stores.appStore && (
            <a href={brand.stores.appStore} rel="noopener" target="_blank">
              {t('footer.appStore')}
            </a>
          )}
          {brand.stores.playStore && (
            <a href={brand.stores.playStore} rel="noopener" target="_blank">
              {t('footer.playStore')}
            </a>
          )}
        </nav>
      )}
      <nav aria-label={t('cs.footer.policies')} className="footer-links">
        {POLICY_LINKS.map((file) => (
          <a key={file} href={`/policies/${file}`}>
            {t(`cs.policies.${file}`)}
          </a>
        ))}
        <a href="/cs/notices">{t('cs.footer.cs')}</a>
      </nav>
      <p className="footer-copy">{t('footer.copyright', { year: new Date().getFullYear(), name: brand.companyName })}</p>
    </footer>
  );
}
