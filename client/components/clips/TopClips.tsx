import { topClipsPath } from '../../data/clip-api';
import { useApi } from '../../data/use-api';
import { useT } from '../../i18n/i18n';
import { ClipList } from './ClipList';

/** The home page's most viewed clips of the week, once loaded (nothing while there are none). */
export function TopClips({ locale }: { locale: string }) {
  const t = useT();
  const { data } = useApi(topClipsPath());
  if (!data || data.items.length === 0) return null;
  return (
    <section aria-labelledby="top-clips-title" className="section">
      <h2 id="top-clips-title">{t('clip.topTitle')}</h2>
      <ClipList clips={data.items} locale={locale} label={t('clip.topTitle')} empty="" />
    </section>
  );
}
