import { useState } from 'react';
import type { PageProps } from '../../src/shared/page-props';
import { SOCIAL_ERROR_QUERY, SOCIAL_PROVIDERS, type SocialProvider } from '../../src/shared/social';
import type { SocialAccounts } from '../../src/shared/social-schemas';
import { startLink, unlinkSocial } from '../data/social';
import { useT } from '../i18n/i18n';
import { socialErrorKey } from '../components/social/social-error';
import { useFailureNotice } from '../data/use-mutation';

/** My page's sign-in methods: the linked providers, with link and unlink (the last way to sign in cannot go). */
export function SocialAccountsPage({ props }: { props: PageProps<'MY_SOCIAL'> }) {
  const t = useT();
  const notice = useFailureNotice();
  const data = props.data;
  const [accounts, setAccounts] = useState<SocialAccounts | null>(data.accounts ?? null);
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const errorKey = socialErrorKey(props.query[SOCIAL_ERROR_QUERY]);

  const unlink = async (provider: SocialProvider) => {
    setBusy(provider);
    const result = await unlinkSocial(provider);
    setBusy(null);
    if (result.ok && result.body) setAccounts(result.body);
    else notice(result, { fallback: 'social.errors.unknown' });
  };

  // To the provider only from here, by the member's click: the start is a POST with the XSRF header.
  const link = async (provider: SocialProvider) => {
    setBusy(provider);
    const started = await startLink(provider);
    if (started.ok && started.body?.authorizeUrl) {
      window.location.assign(started.body.authorizeUrl);
      return;
    }
    setBusy(null);
    notice(started, { fallback: 'social.errors.unknown' });
  };

  return (
    <section className="auth-page social-accounts" aria-labelledby="social-accounts-title">
      <h1 id="social-accounts-title">{t('social.accountsTitle')}</h1>
      {errorKey && (
        <p className="field-error" role="alert">
          {t(errorKey)}
        </p>
      )}
      {!accounts ? (
        <p>{t('social.errors.unknown')}</p>
      ) : (
        <>
          <p>{t(accounts.hasPassword ? 'social.hasPassword' : 'social.noPassword')}</p>
          <ul className="social-accounts-list">
            {SOCIAL_PROVIDERS.map((provider) => {
              const linked = accounts.providers.find((p) => p.provider === provider);
              const name = t(`social.name.${provider}`);
              return (
                <li key={provider} className="social-account-row" data-provider={provider}>
                  <span className="social-account-name">{name}</span>
                  <span className="social-account-state">{linked ? t('social.linked', { email: linked.email ?? '' }) : t('social.notLinked')}</span>
                  {linked ? (
                    <button type="button" className="btn" disabled={busy === provider} aria-label={t('social.unlinkLabel', { provider: name })} onClick={() => unlink(provider)}>
                      {t('social.unlink')}
                    </button>
                  ) : (
                    <button type="button" className="btn" disabled={busy === provider} aria-label={t('social.linkLabel', { provider: name })} onClick={() => link(provider)}>
                      {t('social.link')}
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}
