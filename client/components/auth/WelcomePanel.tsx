import { useState, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { useIdentityPopup } from './useIdentityPopup';
import { Spinner } from './Spinner';

interface WelcomePanelProps {
  idPrefix: string;
  /** Absent when the page does not know who signed up (e.g. opened later without a session). */
  nickname?: string | null;
  identityVerified: boolean;
  /** What verifying now earns, e.g. "1,000 bells"; the plain button when absent. */
  reward?: string;
  /** The way on: a link to the callback or home, or a button closing the modal. */
  children?: ReactNode;
}

/** After sign-up: the nickname, 'signup complete' and, unless verified, the way to verify identity. */
export function WelcomePanel({ idPrefix, nickname, identityVerified, reward, children }: WelcomePanelProps) {
  const t = useT();
  const { verify, busy } = useIdentityPopup();
  const [justVerified, setJustVerified] = useState(false);
  const titleId = `${idPrefix}-welcome-title`;

  return (
    <section className="welcome" aria-labelledby={titleId}>
      {nickname && <p className="welcome-nickname">{t('welcome.hello', { nickname })}</p>}
      <h2 id={titleId} className="welcome-title">
        {t('welcome.complete')}
      </h2>
      {justVerified ? (
        <p role="status">{t('identity.done')}</p>
      ) : identityVerified ? null : (
        <button
          type="button"
          className="btn btn-block"
          disabled={busy}
          onClick={async () => {
            if (await verify({ kind: 'personal' })) setJustVerified(true);
          }}
        >
          {busy && <Spinner />}
          {reward ? t('welcome.verifyReward', { reward }) : t('welcome.verify')}
        </button>
      )}
      {children}
    </section>
  );
}
