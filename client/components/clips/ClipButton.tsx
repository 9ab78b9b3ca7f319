import { useSetAtom } from 'jotai';
import { useState, type RefObject } from 'react';
import type { Me } from '../../../src/shared/page-props';
import { CLIP_TITLE_MAX } from '../../../src/shared/clip-limits';
import { formatDuration } from '../../lib/format';
import { makeClip } from '../../data/clip-api';
import { useFailureWords } from '../../data/use-mutation';
import { useT } from '../../i18n/i18n';
import { showMembersOnlyAtom } from '../../state/ui';
import { Modal } from '../modals/Modal';
import { DialogFormActions } from '../modals/DialogFormActions';
import { FIRST_RANGE, moveHandle, REACH, type ClipRange } from './clip-range';

/** What the dialog was opened on: the moment on screen then (the clip ends there) and the request's own key. */
interface Moment {
  endAt: number | undefined;
  requestKey: string;
}

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'made'; clipId: string } | { kind: 'failed'; message: string };

/**
 * "Clip" beside a live or a recording: a guest is asked to sign in; a member names the clip and picks its range
 * around the moment on screen when they pressed the button (the player's clock), as it plays on meanwhile: up to
 * that moment on a live, before or after it on a recording.
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
  const [range, setRange] = useState<ClipRange>(FIRST_RANGE);
  // Without the player's clock the clip ends at the newest moment there is: only its start can move.
  const known = moment?.endAt !== undefined;
  const bounds = { min: -REACH.before, max: live || !known ? 0 : REACH.after };
  const close = () => {
    setState({ kind: 'idle' });
    setRange(FIRST_RANGE);
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
      seconds: range.end - range.start,
      ...(moment.endAt === undefined ? {} : { endAt: Math.round(moment.endAt + range.end * 1000) }),
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
          <RangePicker range={range} bounds={bounds} endMovable={known} onChange={setRange} />
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

/** Where a handle is, said from the moment the button was pressed: "0:30 before", "the moment", "0:10 after". */
function useOffsetText() {
  const t = useT();
  return (seconds: number) => (seconds === 0 ? t('clip.atMoment') : t(seconds < 0 ? 'clip.before' : 'clip.after', { time: formatDuration(Math.abs(seconds) * 1000) }));
}

/** The clip's start and end as two sliders over the stretch it may come from, with the chosen part drawn between them. */
function RangePicker({ range, bounds, endMovable, onChange }: { range: ClipRange; bounds: { min: number; max: number }; endMovable: boolean; onChange: (range: ClipRange) => void }) {
  const t = useT();
  const offsetText = useOffsetText();
  const span = bounds.max - bounds.min;
  const share = (seconds: number) => `${((seconds - bounds.min) / span) * 100}%`;
  const handle = (name: keyof ClipRange, disabled = false) => (
    <div className="clip-range-row">
      <label htmlFor={`clip-${name}`}>{t(`clip.${name}`)}</label>
      <input
        id={`clip-${name}`}
        type="range"
        min={bounds.min}
        max={bounds.max}
        step={1}
        value={range[name]}
        disabled={disabled}
        aria-valuetext={offsetText(range[name])}
        onChange={(event) => onChange(moveHandle(range, name, Number(event.currentTarget.value), bounds))}
      />
      <output htmlFor={`clip-${name}`}>{offsetText(range[name])}</output>
    </div>
  );
  return (
    <fieldset className="clip-range">
      <legend>{t('clip.range')}</legend>
      <div className="clip-range-track" aria-hidden="true">
        <span className="clip-range-chosen" style={{ left: share(range.start), right: `calc(100% - ${share(range.end)})` }} />
        <span className="clip-range-moment" style={{ left: share(0) }} />
      </div>
      {handle('start')}
      {handle('end', !endMovable)}
      <p className="clip-range-length" aria-live="polite">
        {t('clip.lengthValue', { n: range.end - range.start })}
      </p>
    </fieldset>
  );
}
