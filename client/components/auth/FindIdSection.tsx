import { useState } from 'react';
import type { RecoveryProof } from '../../../src/shared/account-api';
import { maskLoginId } from '../../../src/shared/account-rules';
import { findIdConfirm } from '../../data/account';
import { useFailureNotice } from '../../data/use-mutation';
import { useT } from '../../i18n/i18n';
import { PhoneVerification, type VerifiedPhone } from './PhoneVerification';
import { Spinner } from './Spinner';
import { useIdentityPopup } from './useIdentityPopup';

/** Find ID: verify identity (a foreign member: the phone they signed up with), then the IDs registered to it, masked. */
export function FindIdSection({ foreigner }: { foreigner: boolean }) {
  const t = useT();
  const notice = useFailureNotice();
  const { verify, busy } = useIdentityPopup();
  const [loading, setLoading] = useState(false);
  const [ids, setIds] = useState<string[] | null>(null);
  // A refused phone token is spent: a fresh phone form lets the person verify again.
  const [phoneForm, setPhoneForm] = useState(0);

  const find = async (proof: RecoveryProof) => {
    setLoading(true);
    const result = await findIdConfirm(proof);
    setLoading(false);
    if (!result.ok || !result.body) {
      setPhoneForm((n) => n + 1);
      return notice(result, { fallback: 'auth.errors.unknown' });
    }
    // Masked again here too: an ID must never show in full, whatever the server sent.
    setIds(result.body.loginIds.map(maskLoginId));
  };

  const onVerify = async () => {
    const authKey = await verify({ kind: 'find', type: 'id' });
    if (authKey) await find({ authKey });
  };

  const onPhone = ({ countryCode, phone, phoneVerificationToken }: VerifiedPhone) => void find({ countryCode, phone, phoneVerificationToken });

  return (
    <section className="find-section" aria-labelledby="find-id-title" aria-busy={loading}>
      <h2 id="find-id-title">{t('find.idTitle')}</h2>
      <p>{t(foreigner ? 'find.foreigner.idIntro' : 'find.idIntro')}</p>
      {foreigner ? (
        <PhoneVerification key={phoneForm} idPrefix="find-id" onVerified={onPhone} error={null} />
      ) : (
        <button type="button" className="btn btn-primary btn-block" disabled={busy || loading} onClick={onVerify}>
          {(busy || loading) && <Spinner />}
          {t('identity.verify')}
        </button>
      )}
      {ids && (
        <div role="status" className="find-result">
          {ids.length ? (
            <>
              <p>{t('find.idsFound')}</p>
              <ul className="found-ids">
                {ids.map((id) => (
                  <li key={id}>{id}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>{t(foreigner ? 'find.foreigner.noIds' : 'find.noIds')}</p>
          )}
          <a className="link" href="/signin">
            {t('find.toSignin')}
          </a>
        </div>
      )}
    </section>
  );
}
