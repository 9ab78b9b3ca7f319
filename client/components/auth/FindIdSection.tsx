import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { maskLoginId } from '../../../src/shared/account-rules';
import { failureText, findIdConfirm } from '../../data/account';
import { useT } from '../../i18n/i18n';
import { alertMessageAtom } from '../../state/ui';
import { Spinner } from './Spinner';
import { useIdentityPopup } from './useIdentityPopup';

/** Find ID: verify identity, then the IDs registered to that person, masked. */
export function FindIdSection() {
  const t = useT();
  const setAlert = useSetAtom(alertMessageAtom);
  const { verify, busy } = useIdentityPopup();
  const [loading, setLoading] = useState(false);
  const [ids, setIds] = useState<string[] | null>(null);

  const onVerify = async () => {
    const authKey = await verify({ kind: 'find', type: 'id' });
    if (!authKey) return;
    setLoading(true);
    const result = await findIdConfirm(authKey);
    setLoading(false);
    if (!result.ok || !result.body) return setAlert(failureText(result, t));
    // Masked again here too: an ID must never show in full, whatever the server sent.
    setIds(result.body.loginIds.map(maskLoginId));
  };

  return (
    <section className="find-section" aria-labelledby="find-id-title">
      <h2 id="find-id-title">{t('find.idTitle')}</h2>
      <p>{t('find.idIntro')}</p>
      <button type="button" className="btn btn-primary btn-block" disabled={busy || loading} onClick={onVerify}>
        {(busy || loading) && <Spinner />}
        {t('identity.verify')}
      </button>
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
            <p>{t('find.noIds')}</p>
          )}
          <a className="link" href="/signin">
            {t('find.toSignin')}
          </a>
        </div>
      )}
    </section>
  );
}
