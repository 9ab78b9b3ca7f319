import { useSetAtom } from 'jotai';
import { GiftIcon } from './GiftIcon';
import type { Me } from '../../../src/shared/page-props';
import { useRouter } from '../../app/router-context';
import { useT } from '../../i18n/i18n';
import { showMembersOnlyAtom } from '../../state/ui';
import { lazyDialog, useLazyDialog } from '../ui/use-lazy-dialog';
import type { GiftDialogProps } from './GiftDialog';

// The dialog is its own chunk: nothing of it loads with the channel page.
const giftDialog = lazyDialog(() => import('./GiftDialog').then((m) => m.GiftDialog));

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
  const { Dialog, open, failed, waiting, openDialog, close, button } = useLazyDialog<GiftDialogProps>(giftDialog);
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
          onPointerEnter={me ? giftDialog.preload : undefined}
          onFocus={me ? giftDialog.preload : undefined}
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
