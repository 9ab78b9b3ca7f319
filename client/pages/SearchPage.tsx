import type { PageProps } from '../../src/shared/page-props';
import { SEARCH_KINDS, SEARCH_TABS, searchHref, type SearchKind, type SearchTab } from '../../src/shared/search';
import type { SearchResults } from '../../src/shared/search-schemas';
import { useT } from '../i18n/i18n';
import { StreamGrid } from '../components/watch/StreamCardView';
import { RecordedList } from '../components/channel/RecordedList';
import { SearchChannelItem } from '../components/search/SearchChannelItem';
import { useClock } from '../components/watch/time';
import { formatDate } from '../lib/format';

const seg = encodeURIComponent;
/** A page of a kind's tab, the same words (offset 0 left out). */
const pageHref = (q: string, tab: SearchTab, offset: number) => `${searchHref(q, tab)}${offset > 0 ? `&offset=${offset}` : ''}`;

/** One kind's results: channels, lives, recordings, notices or posts. */
function KindList({ kind, results, locale, now }: { kind: SearchKind; results: SearchResults; locale: string; now: number }) {
  const t = useT();
  const label = t(`search.tabs.${kind}`);
  const empty = t('search.emptyKind');
  if (kind === 'lives') return <StreamGrid streams={results.lives.items} now={now} locale={locale} empty={empty} label={label} />;
  const items = results[kind].items;
  // Recordings as the channel page lists them (picture, date and length: one title may have many), with whose they are.
  if (kind === 'recordings' && items.length > 0) return <RecordedList streams={results.recordings.items} locale={locale} label={label} withCreator />;
  if (items.length === 0) return <p className="empty-state">{empty}</p>;
  return (
    <ul className="search-list" aria-label={label}>
      {kind === 'channels' && results.channels.items.map((c) => <SearchChannelItem key={c.channelId} channel={c} locale={locale} />)}
      {kind === 'notices' &&
        results.notices.items.map((n) => (
          <li key={n.noticeId}>
            <a href={`/channel/${seg(n.channel.loginId)}?notice=${n.noticeId}`}>{n.title}</a>
            <span className="search-meta">
              {t('search.noticeOf', { channel: n.channel.nickname })} · {formatDate(n.createdAt, locale)}
            </span>
          </li>
        ))}
      {kind === 'posts' &&
        results.posts.items.map((p) => (
          <li key={p.postId}>
            <a href={`/channel/${seg(p.channel.loginId)}?post=${p.postId}`}>{p.title}</a>
            <span className="search-meta">
              {t('search.postBy', { author: p.authorNickname, channel: p.channel.nickname })} · {formatDate(p.createdAt, locale)}
            </span>
          </li>
        ))}
    </ul>
  );
}

/** The results of one query (/search?q=&tab=): every kind's first few, or a kind's pages; tabs are links to share. */
export function SearchPage({ props }: { props: PageProps<'SEARCH'> }) {
  const t = useT();
  const { q, tab, results, problem } = props.data;
  const now = useClock(props.data.now);
  const nothing = results && SEARCH_KINDS.every((kind) => results[kind].items.length === 0);
  return (
    <section aria-labelledby="search-title" className="search-page">
      <h1 id="search-title">{q ? t('search.heading', { q }) : t('search.title')}</h1>
      {!q && <p>{t('search.prompt')}</p>}
      {problem && (
        <p role="alert" className="form-error">
          {problem}
        </p>
      )}
      {q && !problem && !results && <p role="alert">{t('search.loadFailed')}</p>}
      {results && (
        <>
          <nav aria-label={t('search.tabsLabel')}>
            <ul className="chips">
              {SEARCH_TABS.map((kind) => (
                <li key={kind}>
                  <a className="chip" href={searchHref(q, kind)} aria-current={kind === tab ? 'page' : undefined}>
                    {t(`search.tabs.${kind}`)}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          {nothing && results.offset === 0 ? (
            <p className="empty-state">{t('search.empty', { q })}</p>
          ) : tab === 'all' ? (
            SEARCH_KINDS.filter((kind) => results[kind].items.length > 0).map((kind) => (
              <section key={kind} className="section" aria-labelledby={`search-${kind}`}>
                <h2 id={`search-${kind}`}>{t(`search.tabs.${kind}`)}</h2>
                <KindList kind={kind} results={results} locale={props.locale} now={now} />
                {results[kind].more && (
                  <p>
                    <a href={searchHref(q, kind)}>{t('search.more', { kind: t(`search.tabs.${kind}`) })}</a>
                  </p>
                )}
              </section>
            ))
          ) : (
            <section className="section" aria-labelledby={`search-${tab}`}>
              <h2 id={`search-${tab}`}>{t(`search.tabs.${tab}`)}</h2>
              <KindList kind={tab} results={results} locale={props.locale} now={now} />
              <nav className="search-pager" aria-label={t(`search.tabs.${tab}`)}>
                {results.offset > 0 && <a href={pageHref(q, tab, Math.max(0, results.offset - results.limit))}>{t('search.previous')}</a>}
                {results[tab].more && <a href={pageHref(q, tab, results.offset + results.limit)}>{t('search.next')}</a>}
              </nav>
            </section>
          )}
        </>
      )}
    </section>
  );
}
