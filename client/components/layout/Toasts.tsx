import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { MS } from '../../../src/shared/constants';
import { useT } from '../../i18n/i18n';
import { toastsAtom } from '../../state/ui';

/** Top-right toasts, announced politely to screen readers, each gone after a few seconds. */
export function Toasts() {
  const t = useT();
  const [toasts, setToasts] = useAtom(toastsAtom);
  useEffect(() => {
    if (toasts.length === 0) return;
    const oldest = toasts[0]!;
    const timer = setTimeout(() => setToasts((all) => all.filter((toast) => toast.id !== oldest.id)), oldest.href ? MS.linkToastLifetime : MS.toastLifetime);
    return () => clearTimeout(timer);
  }, [toasts, setToasts]);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {toasts.map((toast) => (
        <div key={toast.id} className="toast">
          {t(toast.key, toast.params)}
          {toast.href && (
            <>
              {' '}
              <a href={toast.href}>{t('follow.watch')}</a>
            </>
          )}
        </div>
      ))}
    </div>
  );
}
