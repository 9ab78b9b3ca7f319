import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { StreamKeyResponse } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { pushToastAtom } from '../../state/ui';
import { rotateStreamKey } from '../../data/watch-api';
import { ConfirmModal } from '../modals/ConfirmModal';
import { Spinner } from '../auth/Spinner';
import { ffmpegCommand, maskKey } from './commands';
import { useFailureNotice } from '../../data/use-mutation';
import { CopyButton as CopyText } from '../ui/CopyButton';

/** Copy, as the studio says it. */
function CopyButton({ value, label }: { value: string; label: string }) {
  const t = useT();
  return (
    <CopyText value={value} label={label} copiedKey="caster.copied">
      {t('caster.copy')}
    </CopyText>
  );
}

/** The stream key (hidden until asked), its rotation, the ingest URL and an encoder's ready-to-paste command. */
export function StreamKeyPanel({ initial, origin }: { initial: StreamKeyResponse; origin: string }) {
  const t = useT();
  const notice = useFailureNotice();
  const pushToast = useSetAtom(pushToastAtom);
  const [key, setKey] = useState(initial);
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);
  const ingestUrl = `${origin}${key.ingestPath}`;
  // The commands carry the key: they stay masked with it.
  const visible = (text: string) => (shown ? text : text.split(key.streamKey).join(maskKey(key.streamKey)));

  const rotate = async () => {
    setConfirming(false);
    setRotating(true);
    const result = await rotateStreamKey();
    setRotating(false);
    if (!result.ok || !result.body) return notice(result, { fallback: 'errors.network' });
    setKey(result.body);
    pushToast({ key: 'caster.rotated' });
  };

  return (
    <section className="caster-section" aria-labelledby="stream-key-title">
      <h2 id="stream-key-title">{t('caster.setup')}</h2>
      <div className="field">
        <label className="field-label" htmlFor="stream-key">
          {t('caster.streamKey')}
        </label>
        <div className="field-row">
          <input id="stream-key" className="input mono" type={shown ? 'text' : 'password'} value={key.streamKey} readOnly autoComplete="off" spellCheck={false} />
          <button type="button" className="btn btn-small" aria-pressed={shown} onClick={() => setShown(!shown)}>
            {shown ? t('caster.hide') : t('caster.show')}
          </button>
          <CopyButton value={key.streamKey} label={t('caster.copyKey')} />
          <button type="button" className="btn btn-small" onClick={() => setConfirming(true)} disabled={rotating}>
            {rotating && <Spinner />}
            {t('caster.rotate')}
          </button>
        </div>
        <p className="muted">{t('caster.keyHelp')}</p>
      </div>
      <h3>{t('caster.ingestUrl')}</h3>
      <div className="command">
        <code>{visible(ingestUrl)}</code>
        <CopyButton value={ingestUrl} label={t('caster.copyIngest')} />
      </div>
      <h3>{t('caster.ffmpeg')}</h3>
      <div className="command">
        <code>{visible(ffmpegCommand(ingestUrl))}</code>
        <CopyButton value={ffmpegCommand(ingestUrl)} label={t('caster.copyFfmpeg')} />
      </div>
      <ConfirmModal
        id="rotate-key-modal"
        open={confirming}
        title={t('caster.rotate')}
        message={t('caster.rotateConfirm')}
        confirmLabel={t('caster.rotateNow')}
        onConfirm={rotate}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}
