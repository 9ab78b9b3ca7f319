import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { ConfirmModal } from '../modals/ConfirmModal';

interface Asked {
  message: string;
  confirmLabel: string;
}

/**
 * `await confirm(question)` where window.confirm was: answers true when the person presses the (danger) action,
 * false on cancel, Esc or a click beside the dialog. Render `confirmDialog` once in the component that asks; focus
 * starts on cancel and goes back where it was when the dialog closes (Modal). `id` names the dialog in the page.
 */
export function useConfirm(id: string): { confirm: (message: string, confirmLabel?: string) => Promise<boolean>; confirmDialog: ReactNode } {
  const t = useT();
  const [asked, setAsked] = useState<Asked | null>(null);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  const settle = useCallback((confirmed: boolean) => {
    answer.current?.(confirmed);
    answer.current = null;
    setAsked(null);
  }, []);
  // A question left open when the component goes away is answered no.
  useEffect(() => () => answer.current?.(false), []);

  const confirm = useCallback(
    (message: string, confirmLabel = t('common.delete')) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setAsked({ message, confirmLabel });
      }),
    [t],
  );

  const confirmDialog = (
    <ConfirmModal
      id={id}
      open={asked !== null}
      title={t('common.deleteTitle')}
      message={asked?.message ?? ''}
      confirmLabel={asked?.confirmLabel ?? ''}
      danger
      onConfirm={() => settle(true)}
      onCancel={() => settle(false)}
    />
  );
  return { confirm, confirmDialog };
}
