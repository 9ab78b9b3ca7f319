import { useSetAtom } from 'jotai';
import { GiftIcon } from './GiftIcon';
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { Me } from '../../../src/shared/page-props';
import { useRouter } from '../../app/router-context';
import { useT } from '../../i18n/i18n';
import { showMembersOnlyAtom } from '../../state/ui';
import type { GiftDialogProps } from './GiftDialog';

// The dialog is its own chunk: nothing of it loads with the channel page. Pointing at (or focusing) the
// button starts fetching it, so it is usually there by the click. (Not lazyComponent with a Suspense
// boundary: those modules would then be shared with main.js through a chunk of their own, which costs
// the home page's first load.)
let loading: Promise<ComponentType<GiftDialogProps>> | null = null;
function loadDialog(): Promise<ComponentType<GiftDialogProps>> {
  loading ??= import('./GiftDialog').then((m) => m.GiftDialog);
  loading.catch(() => (loading = null)); // a failed load is tried again by the next click
  return loading;
}
const preload = () => void loadDialog().catch(() => {});

export interface GiftButtonProps {
  channelId: number;
  creatorNickname: string;
  me: Me | null;
  /** The channel is live now; a dialog left open when the live ends says so and sends nothing. */
  onAir: boolean;
}

/** 'Send bells' on a live channel: members get the gift dialog, guests the members-only modal. */
export function GiftButton({ channelId, creatorNickname, me, onAir }: GiftButtonProps) {
  const t = useT();
  const { props } = useRouter();
  const currency = t(`currency.${props.brand.currency}`);
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  const [Dialog, setDialog] = useState<ComponentType<GiftDialogProps> | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const openDialog = () => {
    setOpen(true);
    setFailed(false);
    loadDialog().then(
      (component) => setDialog(() => component),
      () => setFailed(true),
    );
  };
  const close = useCallback(() => setOpen(false), []);
  // Back to the button once the dialog is gone (while the modal dialog is there, the page behind is inert).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) button.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const waiting = open && !Dialog && !failed;
  // A brand without luv has no gifts.
  if (!props.brand.features.luv) return null;
  return (
    <>
      {onAir && (
        <button
          ref={button}
          type="button"
          className="btn btn-primary gift-open"
          aria-haspopup="dialog"
          aria-busy={waiting || undefined}
          onPointerEnter={me ? preload : undefined}
          onFocus={me ? preload : undefined}
          onClick={() => (me ? openDialog() : showMembersOnly(true))}
        >
          <GiftIcon /> {t('giftDialog.open', { currency })}
        </button>
      )}
      {failed && (
        <p className="field-error" role="alert">
          {t('giftDialog.loadFailed')}
        </p>
      )}
      {open && me && Dialog && <Dialog channelId={channelId} creatorNickname={creatorNickname} onAir={onAir} onClose={close} />}
    </>
  );
}
