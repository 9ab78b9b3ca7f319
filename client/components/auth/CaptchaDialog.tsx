import { useEffect, useState } from 'react';
import { M, stripSpaces } from '../../../src/shared/account-rules';
import type { CaptchaChallenge } from '../../../src/shared/account-api';
import { getCaptcha } from '../../data/account';
import { useFailureWords } from '../../data/use-mutation';
import { useT } from '../../i18n/i18n';
import { Modal } from '../modals/Modal';
import { Field } from './Field';
import { key, text, type Msg } from './messages';

interface CaptchaDialogProps {
  id: string;
  open: boolean;
  onCancel: () => void;
  /** The solved challenge as the API wants it: "id:answer". */
  onConfirm: (captchaToken: string) => void;
}

/** A captcha before the phone code is sent. A fresh challenge each time it opens. */
export function CaptchaDialog({ id, open, onCancel, onConfirm }: CaptchaDialogProps) {
  const t = useT();
  const words = useFailureWords();
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<Msg>(null);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setChallenge(null);
    setAnswer('');
    setError(null);
    void getCaptcha().then((result) => {
      if (!live) return;
      if (result.ok && result.body?.id && result.body.question) setChallenge(result.body);
      else {
        const said = words(result, { fallback: 'auth.errors.unknown' });
        setError(result.ok ? key('captcha.unsupported') : said === null ? null : text(said));
      }
    });
    return () => {
      live = false;
    };
  }, [open, words]);

  const confirm = () => {
    if (!challenge?.id || !answer) return setError(key(M.captchaIncomplete));
    onConfirm(`${challenge.id}:${answer}`);
  };

  return (
    <Modal id={id} open={open} title={t('captcha.title')} onCancel={onCancel}>
      {/* Not a <form>: the dialog sits inside the sign-up form, and forms cannot nest. */}
      <div className="captcha">
        {challenge ? (
          <p className="modal-text" id={`${id}-question`}>
            {challenge.question}
          </p>
        ) : (
          !error && <p role="status">{t('captcha.loading')}</p>
        )}
        <Field
          id={`${id}-answer`}
          name="captchaAnswer"
          label={t('captcha.answer')}
          value={answer}
          onValue={(v) => setAnswer(stripSpaces(v))}
          error={error}
          autoComplete="off"
          inputMode="numeric"
          disabled={!challenge}
          onKeyDown={(e) => {
            // Enter confirms the captcha instead of submitting the sign-up form around it.
            if (e.key !== 'Enter') return;
            e.preventDefault();
            confirm();
          }}
        />
        <div className="modal-actions">
          <button type="button" className="btn" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button type="button" className="btn btn-primary" onClick={confirm}>
            {t('common.confirm')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
