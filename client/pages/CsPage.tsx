import type { FormEvent } from 'react';
import type { PageKeysOf, PageProps } from '../../src/shared/page-props';
import { CS_PATHS, CS_POST_PAGES, FOOTER_POLICIES } from '../../src/shared/cs-rules';
import { fitsLikePattern, SEARCH_TOO_LONG_KEY } from '../../src/shared/search-words';
import { useT } from '../i18n/i18n';
import { useRouter } from '../app/router-context';
import { CsNav, Paragraphs } from '../components/cs/CsNav';
import { formatDate } from '../lib/format';

/** The platform's notices, developer notices and guides (docs/product/community.md, "Customer service"): a list with a title search, and one post. */
export function CsPage({ props }: { props: PageProps<PageKeysOf<'CsPage'>> }) {
  return (
    <section className="cs-page" aria-labelledby="cs-title">
      <CsNav props={props} />
      {props.page === 'CS_POST' ? <PostView props={props} /> : props.page === 'POLICY' ? <PolicyView props={props} /> : <PostList props={props} />}
    </section>
  );
}

function PostList({ props }: { props: PageProps<'CS_POSTS'> }) {
  const t = useT();
  const { navigate } = useRouter();
  const data = props.data;
  const list = data.list ?? null;
  const kind = data.kind ?? 'notice';
  const path = CS_POST_PAGES[kind];
  const next = list && list.offset + list.limit < list.total ? list.offset + list.limit : null;
  const prev = list && list.offset > 0 ? Math.max(0, list.offset - list.limit) : null;
  const pageHref = (offset: number) => `${path}?${new URLSearchParams({ offset: String(offset), ...(data.query ? { title: data.query } : {}) })}`;
  // A post like every form (no form submits by GET); the search itself is a link to the list with its title query.
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const title = String(new FormData(event.currentTarget).get('title') ?? '').trim();
    void navigate(title ? `${path}?${new URLSearchParams({ title })}` : path);
  };
  return (
    <>
      <h1 id="cs-title">{data.title}</h1>
      <form method="post" className="cs-search" onSubmit={search}>
        <label htmlFor="cs-search-title">{t('cs.search')}</label>
        <input id="cs-search-title" name="title" type="search" defaultValue={data.query ?? ''} maxLength={50} />
        <button type="submit" className="btn btn-small">
          {t('cs.searchButton')}
        </button>
      </form>
      {data.query && !fitsLikePattern(data.query) ? (
        <p className="empty-state" role="alert">
          {t(SEARCH_TOO_LONG_KEY)}
        </p>
      ) : !list ? (
        <p className="empty-state">{t('cs.loadFailed')}</p>
      ) : list.items.length === 0 ? (
        <p className="empty-state">{t('cs.empty')}</p>
      ) : (
        <ul className="cs-list">
          {list.items.map((post) => (
            <li key={post.id}>
              <a href={CS_PATHS.post(post.id)}>{post.title}</a> <span className="muted">{formatDate(post.createdAt, props.locale)}</span>
            </li>
          ))}
        </ul>
      )}
      {(prev !== null || next !== null) && (
        <nav className="cs-pager" aria-label={t('cs.pages')}>
          {prev !== null && <a href={pageHref(prev)}>{t('cs.previous')}</a>}
          {next !== null && <a href={pageHref(next)}>{t('cs.next')}</a>}
        </nav>
      )}
    </>
  );
}

function PostView({ props }: { props: PageProps<'CS_POST'> }) {
  const t = useT();
  const post = props.data.post ?? null;
  if (!post) {
    return (
      <>
        <h1 id="cs-title">{t('cs.title')}</h1>
        <p className="empty-state">{t('cs.errors.postNotFound')}</p>
      </>
    );
  }
  return (
    <article lang={post.locale}>
      <h1 id="cs-title">{post.title}</h1>
      <p className="muted">{formatDate(post.createdAt, props.locale)}</p>
      <Paragraphs text={post.body} />
      <p>
        <a href={CS_POST_PAGES[post.kind]}>{t('cs.backToList')}</a>
      </p>
    </article>
  );
}

/** A policy text (terms, privacy, youth protection, operating policy) for the site's brand. */
function PolicyView({ props }: { props: PageProps<'POLICY'> }) {
  const t = useT();
  const policy = props.data.policy ?? null;
  if (!policy) {
    return (
      <>
        <h1 id="cs-title">{t('cs.footer.policies')}</h1>
        <p className="empty-state">{t('cs.errors.postNotFound')}</p>
      </>
    );
  }
  return (
    <>
      <nav className="cs-nav" aria-label={t('cs.footer.policies')}>
        <ul>
          {FOOTER_POLICIES.map((file) => (
            <li key={file}>
              <a href={CS_PATHS.policy(file)} aria-current={props.path === CS_PATHS.policy(file) ? 'page' : undefined}>
                {t(`cs.policies.${file}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <article lang={policy.locale}>
        <h1 id="cs-title">{policy.title}</h1>
        <Paragraphs text={policy.body} />
      </article>
    </>
  );
}
