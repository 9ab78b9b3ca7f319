import type { PageProps } from '../../src/shared/page-props';
import { useT } from '../i18n/i18n';
import { StreamGrid } from '../components/watch/StreamCardView';
import { useClock } from '../components/watch/time';

/** The lives in one theme, with the other themes one click away. */
export function ThemePage({ props }: { props: PageProps<'THEME'> }) {
  const t = useT();
  const data = props.data;
  const now = useClock(data.now ?? 0);
  const code = data.code ?? '';
  const name = data.themes?.find((theme) => theme.code === code)?.name ?? data.title ?? code;
  return (
    <section aria-labelledby="theme-title">
      <h1 id="theme-title">{name}</h1>
      {data.themes && (
        <nav aria-label={t('home.themes')}>
          <ul className="chips">
            {data.themes.map((theme) => (
              <li key={theme.code}>
                <a className="chip" href={`/theme/${encodeURIComponent(theme.code)}`} aria-current={theme.code === code ? 'page' : undefined}>
                  {theme.name}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="section">
        <StreamGrid
          streams={data.lives ?? []}
          now={now}
          locale={props.locale}
          empty={data.lives ? t('theme.empty', { theme: name }) : t('theme.loadFailed')}
          label={t('theme.lives', { theme: name })}
        />
      </div>
    </section>
  );
}
