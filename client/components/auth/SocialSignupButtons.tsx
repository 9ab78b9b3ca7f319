import { socialStartPath, type SocialProvider } from '../../../src/shared/social';
import { useT } from '../../i18n/i18n';

/**
 * The domestic sign-up form's first part: social sign-up. Each enabled provider's button leaves for the
 * provider; a new person comes back to the social sign-up form (/signup/social/<provider>), a linked member
 * is signed in, and either way they return to `callbackURL` (the current page in the modal).
 */
export function SocialSignupButtons({ providers, callbackURL }: { providers: readonly SocialProvider[]; callbackURL: string | null }) {
  const t = useT();
  if (providers.length === 0) return null;
  const go = (provider: SocialProvider) => window.location.assign(socialStartPath(provider, callbackURL ?? window.location.pathname + window.location.search));
  return (
    <section className="social-signup" aria-labelledby="social-signup-heading">
      <h3 id="social-signup-heading" className="social-signup-title">
        {t('member.socialSignup.title')}
      </h3>
      <ul className="social-list">
        {providers.map((provider) => (
          <li key={provider}>
            <button type="button" className={`btn btn-block social-${provider}`} onClick={() => go(provider)}>
              {t('member.socialSignup.button', { provider: t(`social.name.${provider}`) })}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
