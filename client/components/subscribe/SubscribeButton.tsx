import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useT } from '../../i18n/i18n';
import type { SubscribeDialogProps } from './SubscribeDialog';

// The dialog is its own chunk, loaded when the button is pointed at, focused or pressed (as the gift dialog).
let loading: Promise<ComponentType<SubscribeDialogProps>> | null = null;
function loadDialog(): Promise<ComponentType<SubscribeDialogProps>> {
  loading ??= import('./SubscribeDialog').then((m) => m.SubscribeDialog);
  loading.catch(() => (loading = null));
  return loading;
}
const preload = () => void loadDialog().catch(() => {});

export interface SubscribeButtonProps {
  channelId: number;
  channelTitle: string;
  onSubscribed: () => void;
}

/** 'Subscribe' for a signed-in member who does not subscribe yet (guests get the members-only modal elsewhere). */
export function SubscribeButton({ channelId, channelTitle, onSubscribed }: SubscribeButtonProps) {
  const t = useT();
  const [Dialog, setDialog] = useState<ComponentType<SubscribeDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const openDialog = () => {
    setOpen(true);
    setFailed(false);
    loadDialog().then(
      (component) => setDialog(() => component),
      () => setFailed(true),
    );
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn btn-primary subscribe-open"
        aria-haspopup="dialog"
        aria-busy={(open && !Dialog && !failed) || undefined}
        onPointerEnter={preload}
        onFocus={preload}
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
