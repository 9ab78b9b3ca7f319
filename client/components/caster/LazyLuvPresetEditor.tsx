import { afterHydration } from '../../app/after-hydration';
import { useT } from '../../i18n/i18n';
import { LoadFailed } from '../ui/LoadFailed';

// The editor (its form, the shared rules and their zod schemas) is a chunk of its own that the studio
// fetches after hydration: its data comes from the browser anyway (the presets call), not from the page.
const useEditor = afterHydration(() => import('./LuvPresetEditor').then((m) => m.LuvPresetEditor));

/** The studio's section for gift presets; the server renders its heading and a loading line. */
export function LazyLuvPresetEditor() {
  const t = useT();
  const { Component: Editor, failed } = useEditor();
  return (
    <section className="section preset-editor" aria-labelledby="presets-title">
      <h2 id="presets-title">{t('studioPresets.title')}</h2>
      {Editor ? <Editor /> : failed ? <LoadFailed className="preset-failed" message="studioPresets.loadFailed" reload="player.reload" /> : <p role="status">{t('studioPresets.loading')}</p>}
    </section>
  );
}
