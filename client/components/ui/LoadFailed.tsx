import { useT } from '../../i18n/i18n';

/**
 * In place of code that failed to load (a deploy in between, offline): what is missing, and a reload.
 * `message` and `reload` are locale keys.
 */
export function LoadFailed({ className, message, reload }: { className: string; message: string; reload: string }) {
  const t = useT();
  return (
    <div className={className} role="alert">
      <p>{t(message)}</p>
      <button type="button" className="btn btn-small" onClick={() => window.location.reload()}>
        {t(reload)}
      </button>
    </div>
  );
}
