import { useSetAtom } from 'jotai';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { BOARD_CATEGORIES, BOARD_LIMITS, BOARD_SEARCH_SCOPES, type BoardSearchScope } from '../../../src/shared/board';
import type { BoardPost } from '../../../src/shared/board-schemas';
import { boardListPath, boardSettingPath, newBoardPath, type BoardListParams } from '../../data/board-api';
import { useT } from '../../i18n/i18n';
import { showMembersOnlyAtom } from '../../state/ui';
import { Pager } from '../channel/Pager';
import { BoardEditor } from './BoardEditor';
import { BoardPostView } from './BoardPostView';
import { formatDate } from '../../lib/format';
import { useApi } from '../../data/use-api';

/** How many posts are new to the signed-in member on this board (null for guests, or before it is known). */
export function useNewBoardCount(channelId: number, signedIn: boolean): number | null {
  const { data } = useApi(signedIn ? newBoardPath(channelId) : null);
  return data ? data.boards.length : null;
}

/**
 * The channel page's board tab: categories, search and the paged list; a post's page with its likes and
 * comments; the editor. `postActions` is the slot for actions other areas add to a post (the customer
 * service's "report this post").
 */
export function BoardPanel({
  channelId,
  locale,
  signedIn,
  openId,
  onOpen,
  postActions,
}: {
  channelId: number;
  locale: string;
  signedIn: boolean;
  openId: number | null;
  onOpen: (boardId: number | null) => void;
  postActions?: (post: BoardPost) => ReactNode;
}) {
  const t = useT();
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  const [params, setParams] = useState<BoardListParams>({ channelId, category: 'all', filter: 'all', search: '', offset: 0 });
  const [editing, setEditing] = useState<BoardPost | 'new' | null>(null);
  const { mutate } = useSWRConfig();
  // Reading the list is the member's visit (the server records it): the tab's new-post mark goes.
  const list = useApi(boardListPath(params), { onSuccess: () => void mutate(newBoardPath(channelId)) });
  const setting = useApi(boardSettingPath(channelId));

  if (editing) {
    return (
      <BoardEditor
        channelId={channelId}
        post={editing === 'new' ? null : editing}
        onCancel={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          void list.mutate();
          onOpen(saved.boardId);
        }}
      />
    );
  }
  if (openId !== null) {
    return (
      <BoardPostView
        channelId={channelId}
        boardId={openId}
        locale={locale}
        signedIn={signedIn}
        actions={postActions}
        onBack={() => {
          void list.mutate();
          onOpen(null);
        }}
        onEdit={setEditing}
        onDeleted={() => {
          void list.mutate();
          onOpen(null);
        }}
      />
    );
  }

  const write = () => (signedIn ? setEditing('new') : showMembersOnly(true));
  const reason = setting.data?.reason;
  return (
    <section aria-labelledby="board-list-title">
      <div className="panel-head">
        <h3 id="board-list-title">{t('board.list')}</h3>
        {(!signedIn || setting.data?.canWrite) && (
          <button type="button" className="btn btn-primary" onClick={write}>
            {t('board.write')}
          </button>
        )}
      </div>
      {signedIn && (reason === 'subscribers' || reason === 'managers') && <p className="muted">{t(reason === 'subscribers' ? 'board.subscribersOnly' : 'board.managersOnly')}</p>}
      <fieldset className="board-categories">
        <legend className="visually-hidden">{t('board.categoryFilter')}</legend>
        {(['all', ...BOARD_CATEGORIES] as const).map((category) => (
          <button key={category} type="button" className="btn" aria-pressed={params.category === category} onClick={() => setParams({ ...params, category, offset: 0 })}>
            {t(`board.categories.${category}`)}
          </button>
        ))}
      </fieldset>
      <BoardSearch key={`${params.search}|${params.filter}`} search={params.search} filter={params.filter} onSearch={(search, filter) => setParams({ ...params, search, filter, offset: 0 })} />
      {list.error ? (
        <p className="field-error">{t('board.failed')}</p>
      ) : !list.data ? (
        <p role="status">…</p>
      ) : list.data.items.length === 0 ? (
        <p className="empty-state">{params.search ? t('board.noResults') : t('board.empty')}</p>
      ) : (
        <>
          <ul className="board-list">
            {list.data.items.map((post) => (
              <li key={post.boardId}>
                <button type="button" className="notice-link" onClick={() => onOpen(post.boardId)}>
                  {post.pinned && <span className="badge">{t('board.pinned')}</span>}
                  <span className="badge">{t(`board.categories.${post.category}`)}</span>
                  <span className="notice-title">{post.title}</span>
                  <span className="muted board-meta">
                    {post.author.nickname} · {formatDate(post.createdAt, locale)} · {t('board.meta', { likes: post.likeCount, comments: post.commentCount })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
          <Pager offset={params.offset} limit={BOARD_LIMITS.pageSize} total={list.data.total} onPage={(offset) => setParams({ ...params, offset })} />
        </>
      )}
    </section>
  );
}

/** The search form: words and where to look; submitting (Enter) searches, clearing shows the whole board again. */
function BoardSearch({ search, filter, onSearch }: { search: string; filter: BoardSearchScope; onSearch: (search: string, filter: BoardSearchScope) => void }) {
  const t = useT();
  const [words, setWords] = useState(search);
  const [scope, setScope] = useState<BoardSearchScope>(filter);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(words.trim(), scope);
  };
  return (
    <form method="post" className="board-search" aria-label={t('board.searchRegion')} onSubmit={submit}>
      <div className="field">
        <label className="field-label" htmlFor="board-search-scope">
          {t('board.searchScope')}
        </label>
        <select id="board-search-scope" className="input" value={scope} onChange={(e) => setScope(e.target.value as BoardSearchScope)}>
          {BOARD_SEARCH_SCOPES.map((s) => (
            <option key={s} value={s}>
              {t(`board.scopes.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor="board-search-words">
          {t('board.searchLabel')}
        </label>
        <input id="board-search-words" className="input" type="search" maxLength={BOARD_LIMITS.search} value={words} onChange={(e) => setWords(e.target.value)} />
      </div>
      <button type="submit" className="btn">
        {t('board.search')}
      </button>
      {search && (
        <button type="button" className="btn" onClick={() => onSearch('', scope)}>
          {t('board.clearSearch')}
        </button>
      )}
    </form>
  );
}
