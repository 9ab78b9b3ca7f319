import { useT } from '../../i18n/i18n';
import { lazyDialog, useLazyDialog } from '../ui/use-lazy-dialog';
import type { SubscribeDialogProps } from './SubscribeDialog';

// The dialog is its own chunk, loaded when the button is pointed at, focused or pressed (as the gift dialog).
const subscribeDialog = lazyDialog(() => import('./SubscribeDialog').then((m) => m.SubscribeDialog));

export interface SubscribeButtonProps {
  channelId: number;
  channelTitle: string;
  onSubscribed: () => void;
}

/** 'Subscribe' for a signed-in member who does not subscribe yet (guests get the members-only modal elsewhere). */
export function SubscribeButton({ channelId, channelTitle, onSubscribed }: SubscribeButtonProps) {
  const t = useT();
  const { Dialog, open, failed, waiting, openDialog, close, button } = useLazyDialog<SubscribeDialogProps>(subscribeDialog);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn btn-primary subscribe-open"
        aria-haspopup="dialog"
        aria-busy={waiting || undefined}
        onPointerEnter={subscribeDialog.preload}
        onFocus={subscribeDialog.preload}
        onClick={openDialog}
      >
        {t('subscriptions.button')}
      </button>
      {failed && (
        <p className="field-error" role="alert">
          {t('subscriptions.failed')}
        </p>
      )}
      {open && Dialog && <Dialog channelId={channelId} channelTitle={channelTitle} onClose={close} onSubscribed={onSubscribed} />}
    </>
  );
}
