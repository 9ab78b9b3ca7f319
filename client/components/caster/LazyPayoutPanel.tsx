import { afterHydration } from '../../app/after-hydration';
import { useT } from '../../i18n/i18n';
import { LoadFailed } from '../ui/LoadFailed';

// The payouts (bank account, withdrawal form, list) are a chunk of their own fetched after hydration, like
// the presets: their data comes from the browser's calls, not from the page.
const usePanel = afterHydration(() => import('./PayoutPanel').then((m) => m.PayoutPanel));

/** The studio's payouts section; the server renders its heading and a loading line. */
export function LazyPayoutPanel() {
  const t = useT();
  const { Component: Panel, failed } = usePanel();
  return (
    <section className="section payout-panel" aria-labelledby="payout-title">
      <h2 id="payout-title">{t('payout.title')}</h2>
      {Panel ? <Panel /> : failed ? <LoadFailed className="payout-failed" message="payout.loadFailed" reload="player.reload" /> : <p role="status">{t('payout.loading')}</p>}
    </section>
  );
}
