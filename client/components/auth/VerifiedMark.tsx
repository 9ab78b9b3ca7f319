import { useT } from '../../i18n/i18n';

/** The check icon shown once a phone or identity is verified. */
export function VerifiedMark() {
  const t = useT();
  return (
    <span className="verified-mark" role="img" aria-label={t('identity.verified')}>
      ✓
    </span>
  );
}
