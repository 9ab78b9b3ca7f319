import { useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import type { Me } from '../../../src/shared/page-props';
import { LazyBoundary } from '../../app/LazyBoundary';
import { lazyComponent } from '../../app/lazy';
import { useT } from '../../i18n/i18n';
import { showMembersOnlyAtom } from '../../state/ui';
import { useCurrency } from './currency';

// The dialog is its own chunk: nothing of it loads with the channel page. Pointing at (or focusing) the
// button starts fetching it, so it is usually there by the click.
const GiftDialog = lazyComponent(() => import('./GiftDialog').then((m) => m.GiftDialog));

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
  const { currency } = useCurrency();
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      {onAir && (
        <button
          ref={button}
          type="button"
          className="btn btn-primary gift-open"
          aria-haspopup="dialog"
          onPointerEnter={me ? () => void GiftDialog.preload().catch(() => {}) : undefined}
          onFocus={me ? () => void GiftDialog.preload().catch(() => {}) : undefined}
          onClick={() => (me ? setOpen(true) : showMembersOnly(true))}
        >
          <span aria-hidden="true">🎁</span> {t('giftDialog.open', { currency })}
        </button>
      )}
      {open && me && (
        <LazyBoundary>
          <GiftDialog channelId={channelId} creatorNickname={creatorNickname} onAir={onAir} onClose={close} />
        </LazyBoundary>
      )}
    </>
  );
}
