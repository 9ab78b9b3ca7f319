import { useSetAtom } from 'jotai';
import { useState, type RefObject } from 'react';
import type { Me } from '../../../src/shared/page-props';
import { CLIP_SECONDS, CLIP_TITLE_MAX } from '../../../src/shared/clip-schemas';
import { makeClip } from '../../data/clip-api';
import { useFailureWords } from '../../data/use-mutation';
import { useT } from '../../i18n/i18n';
import { showMembersOnlyAtom } from '../../state/ui';
import { Modal } from '../modals/Modal';
import { DialogFormActions } from '../modals/DialogFormActions';

/** The lengths offered, in seconds; 30 is chosen first. */
const LENGTHS = [10, 15, 20, 30, 45, 60] as const;

/** What the dialog was opened on: the moment on screen then (the clip ends there) and the request's own key. */
interface Moment {
  endAt: number | undefined;
  requestKey: string;
}

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'made'; clipId: string } | { kind: 'failed'; message: string };

/**
 * "Clip" beside a live or a recording: a guest is asked to sign in; a member names the clip and picks its length,
 * and it ends at the moment on screen when they pressed the button (the player's clock), as it plays on meanwhile.
 */
export function ClipButton({ streamId, live, clock, me }: { streamId: number; live: boolean; clock: RefObject<(() => number | null) | null>; me: Me | null }) {
  const t = useT();
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  const [moment, setMoment] = useState<Moment | null>(null);
  const open = () => {
    if (!me) return showMembersOnly(true);
    setMoment({ endAt: clock.current?.() ?? undefined, requestKey: crypto.randomUUID() });
  };
  return (
    <>
      <button type="button" className="btn btn-small" onClick={open} aria-haspopup="dialog">
        {t('clip.button')}
      </button>
      <ClipDialog streamId={streamId} live={live} moment={moment} onClose={() => setMoment(null)} />
    </>
  );
}

function ClipDialog({ streamId, live, moment, onClose }: { streamId: number; live: boolean; moment: Moment | null; onClose: () => void }) {
  const t = useT();
  const words = useFailureWords();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const close = () => {
    setState({ kind: 'idle' });
    onClose();
  };
  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!moment || state.kind === 'sending') return;
    const form = new FormData(event.currentTarget);
    setState({ kind: 'sending' });
    const result = await makeClip({
      streamId,
      title: String(form.get('title') ?? ''),
      seconds: Number(form.get('seconds')),
      ...(moment.endAt === undefined ? {} : { endAt: Math.round(moment.endAt) }),
      requestKey: moment.requestKey,
    });
    if (result.ok && result.body) return setState({ kind: 'made', clipId: result.body.clipId });
    const message = words(result, { fallback: 'clip.failed' });
    setState(message === null ? { kind: 'idle' } : { kind: 'failed', message });
  };
  return (
    <Modal id="clip-dialog" className="modal-clip" open={moment !== null} title={t('clip.dialogTitle')} onCancel={close}>
      {state.kind === 'made' ? (
        <>
          <p role="status">{t('clip.made')}</p>
          <div className="modal-actions">
            <button type="button" className="btn" onClick={close}>
              {t('common.close')}
            </button>
            <a className="btn btn-primary" href={`/clip/${state.clipId}`}>
              {t('clip.open')}
            </a>
          </div>
        </>
      ) : (
        <form method="post" onSubmit={submit} className="clip-form">
          <p className="muted">{t(live ? 'clip.liveHint' : 'clip.recordingHint')}</p>
          <label htmlFor="clip-title">{t('clip.titleLabel')}</label>
          <input id="clip-title" name="title" required maxLength={CLIP_TITLE_MAX} autoComplete="off" />
          <label htmlFor="clip-seconds">{t('clip.length')}</label>
          <select id="clip-seconds" name="seconds" defaultValue={String(CLIP_SECONDS.default)}>
            {LENGTHS.map((n) => (
              <option key={n} value={n}>
                {t('clip.seconds', { n })}
              </option>
            ))}
          </select>
          <DialogFormActions
            failure={state.kind === 'failed' ? state.message : null}
            busy={state.kind === 'sending'}
            submitLabel={state.kind === 'sending' ? t('clip.making') : t('clip.submit')}
            onCancel={close}
          />
        </form>
      )}
    </Modal>
  );
}
