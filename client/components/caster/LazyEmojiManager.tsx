import { afterHydration } from '../../app/after-hydration';
import { useT } from '../../i18n/i18n';
import { LoadFailed } from '../ui/LoadFailed';

// Fetched after hydration, like the gift presets: its data comes from the browser (GET /api/my/channel/emoji).
const useManager = afterHydration(() => import('./EmojiManager').then((m) => m.EmojiManager));

/** The studio's section for the channel's own emoji; the server renders its heading and a loading line. */
export function LazyEmojiManager() {
  const t = useT();
  const { Component: Manager, failed } = useManager();
  return (
    <section className="section emoji-studio" aria-labelledby="emoji-studio-title">
      <h2 id="emoji-studio-title">{t('emoji.studio.title')}</h2>
      {Manager ? <Manager /> : failed ? <LoadFailed className="emoji-failed" message="emoji.studio.failed" reload="player.reload" /> : <p role="status">{t('emoji.picker.loading')}</p>}
    </section>
  );
}
