import type { PublicBrand } from '../../../src/shared/brand-schema';
import { useT } from '../../i18n/i18n';

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
      {/* The terms' page links the other policies (privacy, youth protection, operating policy): this is in every first load. */}
      <nav aria-label={t('cs.footer.policies')} className="footer-links">
        <a href="/policies/service-rules">{t('cs.footer.policies')}</a>
        <a href="/cs/notices">{t('cs.footer.cs')}</a>
      </nav>
      <p className="footer-copy">{t('footer.copyright', { year: new Date().getFullYear(), name: brand.companyName })}</p>
    </footer>
  );
}
