import { useSetAtom } from 'jotai';
import type { ReactNode } from 'react';
import { useT } from '../../i18n/i18n';
import { alertMessageAtom, pushToastAtom } from '../../state/ui';

/** Copies `value` to the clipboard and says so in a toast (`copiedKey`); where the browser refuses, says that instead. */
export function CopyButton({ value, label, copiedKey, children }: { value: string; label?: string; copiedKey: string; children: ReactNode }) {
  const t = useT();
  const setAlert = useSetAtom(alertMessageAtom);
  const pushToast = useSetAtom(pushToastAtom);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      pushToast({ key: copiedKey });
    } catch {
      setAlert(t('caster.copyFailed'));
    }
  };
  return (
    <button type="button" className="btn btn-small" onClick={copy} aria-label={label}>
      {children}
    </button>
  );
}
