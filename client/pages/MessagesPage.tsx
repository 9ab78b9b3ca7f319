import { useSetAtom } from 'jotai';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import type { PageProps } from '../../src/shared/page-props';
import { MESSAGE_MAX_LENGTH, MESSAGE_PAGE_LIMIT, MESSAGE_RECIPIENTS_PER_MINUTE } from '../../src/shared/message-limits';
import type { Message } from '../../src/shared/message-schemas';
import { useT } from '../i18n/i18n';
import { unreadMessagesAtom } from '../state/ui';
import {
  BLOCK_LIST_KEY,
  CONVERSATIONS_PREFIX,
  blockMember,
  conversationsKey,
  deleteConversation,
  deleteMessage,
  markRead,
  olderMessages,
  reportMessage,
  sendMessage,
  threadKey,
  unblockMember,
  type BlockListResponse,
  type ConversationResponse,
} from '../data/message-api';
import { type Outcome, useFailureWords } from '../data/use-mutation';
import { useApi } from '../data/use-api';
import { formatDateTime } from '../lib/format-detail';
import { useConfirm } from '../components/ui/use-confirm';

type Notice = { kind: 'status' | 'error'; text: string } | null;

/** A failed call's line (worded as every failure is), or none when the global popup said it already. */
function useErrorNotice(): (res: Outcome) => Notice {
  const words = useFailureWords();
  return (res) => {
    const text = words(res, { fallback: 'messages.errors.failed' });
    return text === null ? null : { kind: 'error', text };
  };
}
const codePoints = (text: string) => [...text].length;

/**
 * What a section's last action came to, shown in that section: on a phone a line at the top of the page is a
 * screen away from the form or the button that caused it. The status line is always there, so it is announced.
 */
function NoticeLine({ notice, id }: { notice: Notice; id?: string }) {
  return (
    <>
      <p className="messages-notice" role="status">
        {notice?.kind === 'status' ? notice.text : ''}
      </p>
      {notice?.kind === 'error' && (
        <p className="form-error" role="alert" id={id}>
          {notice.text}
        </p>
      )}
    </>
  );
}

/** Messages (쪽지): the conversations, the one opened with its reply box, writing to anyone, and the block list. */
export function MessagesPage({ props }: { props: PageProps<'MESSAGES'> }) {
  const t = useT();
  const errorNotice = useErrorNotice();
  const data = props.data;
  const { mutate } = useSWRConfig();
  const [limit, setLimit] = useState(MESSAGE_PAGE_LIMIT);
  const { data: conversations } = useApi(conversationsKey(limit), {
    fallbackData: limit === MESSAGE_PAGE_LIMIT ? (data.conversations ?? undefined) : undefined,
  });
  const { data: blocks } = useApi(BLOCK_LIST_KEY, { fallbackData: data.blocks ?? undefined });
  const [selected, setSelected] = useState<string | null>(data.with ?? null);
  const refreshLists = () => mutate((key) => typeof key === 'string' && key.startsWith(CONVERSATIONS_PREFIX));

  const open = (loginId: string | null) => {
    setSelected(loginId);
    const url = loginId ? `/messages?with=${encodeURIComponent(loginId)}` : '/messages';
    window.history.replaceState(window.history.state, '', url);
  };

  // A sent message changes the sender's list too (a first one adds its conversation): the prefix takes in every
  // list and the open thread. Another receiver opens their conversation, which loads fresh as it mounts.
  const sent = (to: string) => {
    if (to !== selected) open(to);
    void refreshLists();
  };

  const blockedIds = new Set((blocks?.items ?? []).map((b) => b.loginId));
  /** Blocks or unblocks `loginId`; what it came to, for the section whose button asked. */
  const toggleBlock = async (loginId: string, block: boolean): Promise<Notice> => {
    const res = block ? await blockMember(loginId) : await unblockMember(loginId);
    if (!res.ok) return errorNotice(res);
    await mutate(BLOCK_LIST_KEY);
    await refreshLists();
    return { kind: 'status', text: t(block ? 'messages.blocks.added' : 'messages.blocks.removed', { id: loginId }) };
  };

  return (
    <section className="messages-page" aria-labelledby="messages-title">
      <h1 id="messages-title">{t('messages.title')}</h1>
      <div className="messages-layout">
        <section className="messages-conversations" aria-labelledby="conversations-title">
          <h2 id="conversations-title">{t('messages.conversations.title')}</h2>
          {!conversations || conversations.items.length === 0 ? (
            <p className="empty-state">{t('messages.conversations.empty')}</p>
          ) : (
            <ul className="conversation-list">
              {conversations.items.map((c) => (
                <li key={c.with.memberId}>
                  <button
                    type="button"
                    className="conversation-button"
                    aria-current={selected === c.with.loginId ? 'true' : undefined}
                    aria-label={t('messages.conversations.open', { nickname: c.with.nickname })}
                    onClick={() => open(c.with.loginId)}
                  >
                    <span className="conversation-who">
                      {c.with.nickname} <span className="muted">({c.with.loginId})</span>
                      {c.blocked && <span className="chat-badge">{t('messages.conversations.blocked')}</span>}
                    </span>
                    <span className="conversation-last">{c.last.mine ? t('messages.conversations.you', { text: c.last.content }) : c.last.content}</span>
                    {c.unread > 0 && <span className="unread-badge">{t('messages.conversations.unread', { count: c.unread })}</span>}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {conversations && conversations.total > conversations.items.length && (
            <button type="button" className="btn btn-small" onClick={() => setLimit((n) => Math.min(n + MESSAGE_PAGE_LIMIT, 100))}>
              {t('messages.conversations.more')}
            </button>
          )}
        </section>
        <div className="messages-main">
          {selected ? (
            <Thread
              key={selected}
              loginId={selected}
              initial={selected === data.with ? (data.thread ?? null) : null}
              locale={props.locale}
              blocked={blockedIds.has(selected)}
              onBlock={(block) => toggleBlock(selected, block)}
              onClosed={() => open(null)}
            />
          ) : (
            <p className="muted">{t('messages.thread.pick')}</p>
          )}
          <Compose to={selected} onSent={sent} />
        </div>
        <BlockList blocks={blocks ?? null} onToggle={toggleBlock} />
      </div>
    </section>
  );
}

function Thread({
  loginId,
  initial,
  locale,
  blocked,
  onBlock,
  onClosed,
}: {
  loginId: string;
  initial: ConversationResponse | null;
  locale: string;
  blocked: boolean;
  onBlock: (block: boolean) => Promise<Notice>;
  onClosed: () => void;
}) {
  const t = useT();
  const errorNotice = useErrorNotice();
  const [notice, setNotice] = useState<Notice>(null);
  const { mutate } = useSWRConfig();
  const setUnread = useSetAtom(unreadMessagesAtom);
  const key = threadKey(loginId);
  const { data, mutate: reload } = useApi(key, { fallbackData: initial ?? undefined });
  const [older, setOlder] = useState<{ items: Message[]; more: boolean } | null>(null);
  const items = [...(older?.items ?? []), ...(data?.items ?? [])];
  const more = older ? older.more : (data?.more ?? false);
  const readUpTo = useRef(0);

  // Opening a conversation reads it: every received message up to the newest one shown.
  const newestUnread = [...(data?.items ?? [])].reverse().find((m) => !m.mine && m.readAt === null);
  useEffect(() => {
    if (!newestUnread || readUpTo.current >= newestUnread.id) return;
    readUpTo.current = newestUnread.id;
    void markRead(newestUnread.id).then((res) => {
      if (res.ok && res.body) setUnread(res.body.unread);
      void mutate((k) => typeof k === 'string' && k.startsWith(CONVERSATIONS_PREFIX));
    });
  }, [newestUnread, setUnread, mutate]);

  const loadOlder = async () => {
    const first = items[0];
    if (!first) return;
    const res = await olderMessages(loginId, first.id);
    if (!res.ok || !res.body) return setNotice(errorNotice(res));
    setOlder({ items: [...res.body.items, ...(older?.items ?? [])], more: res.body.more });
  };
  const remove = async (id: number) => {
    const res = await deleteMessage(id);
    if (!res.ok) return setNotice(errorNotice(res));
    setOlder((o) => (o ? { ...o, items: o.items.filter((m) => m.id !== id) } : o));
    await reload();
    void mutate((k) => typeof k === 'string' && k.startsWith(CONVERSATIONS_PREFIX));
  };
  const report = async (id: number) => {
    const res = await reportMessage(id);
    setNotice(res.ok ? { kind: 'status', text: t('messages.thread.reported') } : errorNotice(res));
  };
  const { confirm, confirmDialog } = useConfirm('conversation-delete-modal');
  const removeAll = async () => {
    if (!(await confirm(t('messages.thread.deleteConfirm')))) return;
    const res = await deleteConversation(loginId);
    if (!res.ok) return setNotice(errorNotice(res));
    void mutate((k) => typeof k === 'string' && k.startsWith(CONVERSATIONS_PREFIX));
    onClosed();
  };

  const nickname = data?.with.nickname ?? loginId;
  return (
    <section className="messages-thread" aria-labelledby="thread-title">
      <header className="thread-head">
        <h2 id="thread-title">{t('messages.thread.title', { nickname })}</h2>
        <button type="button" className="btn btn-small" aria-pressed={blocked} onClick={async () => setNotice(await onBlock(!blocked))}>
          {t(blocked ? 'messages.thread.unblock' : 'messages.thread.block')}
        </button>
        <button type="button" className="btn btn-small btn-ghost" onClick={removeAll}>
          {t('messages.thread.deleteConversation')}
        </button>
      </header>
      <NoticeLine notice={notice} />
      {blocked && <p className="muted">{t('messages.thread.blockedNote')}</p>}
      {more && (
        <button type="button" className="btn btn-small" onClick={loadOlder}>
          {t('messages.thread.older')}
        </button>
      )}
      {items.length === 0 ? (
        <p className="empty-state">{t('messages.thread.empty')}</p>
      ) : (
        <ol className="thread-list" aria-label={t('messages.thread.title', { nickname })}>
          {items.map((m) => (
            <li key={m.id} className={`thread-message${m.mine ? ' thread-mine' : ''}`} data-message-id={m.id}>
              <span className="thread-author">{m.mine ? t('messages.thread.me') : m.from.nickname}</span>
              <p className="thread-text">{m.content}</p>
              <span className="muted thread-time">
                {formatDateTime(Date.parse(m.createdAt), locale)}
                {m.mine && m.readAt ? ` · ${t('messages.thread.read')}` : ''}
              </span>
              <span className="thread-actions">
                <button type="button" className="btn btn-small btn-ghost" aria-label={t('messages.thread.deleteLabel')} onClick={() => remove(m.id)}>
                  {t('messages.thread.delete')}
                </button>
                {!m.mine && (
                  <button type="button" className="btn btn-small btn-ghost" aria-label={t('messages.thread.reportLabel')} onClick={() => report(m.id)}>
                    {t('messages.thread.report')}
                  </button>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      {confirmDialog}
    </section>
  );
}

function Compose({ to, onSent }: { to: string | null; onSent: (to: string) => void }) {
  const t = useT();
  const errorNotice = useErrorNotice();
  const [notice, setNotice] = useState<Notice>(null);
  const [receiver, setReceiver] = useState(to ?? '');
  const [content, setContent] = useState('');
  const [busy, setBusy] = useState(false);
  // Another conversation opened: this box's last line was about another one, unless it is the one just written to.
  const sentTo = useRef<string | null>(null);
  useEffect(() => {
    setReceiver(to ?? '');
    if (to !== sentTo.current) setNotice(null);
  }, [to]);
  const length = codePoints(content.trim());

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const target = receiver.trim();
    if (!target || length === 0 || length > MESSAGE_MAX_LENGTH) return;
    setBusy(true);
    const res = await sendMessage(target, content);
    setBusy(false);
    if (!res.ok) return setNotice(errorNotice(res));
    setContent('');
    setNotice({ kind: 'status', text: t('messages.compose.sent') });
    sentTo.current = res.body?.message.to.loginId ?? target;
    onSent(sentTo.current);
  };

  return (
    <form method="post" className="messages-compose" onSubmit={submit} aria-labelledby="compose-title">
      <h2 id="compose-title">{to ? t('messages.thread.reply') : t('messages.compose.title')}</h2>
      <label htmlFor="compose-to">{t('messages.compose.to')}</label>
      <input
        id="compose-to"
        name="to"
        type="text"
        autoComplete="off"
        maxLength={40}
        required
        value={receiver}
        onChange={(e) => setReceiver(e.target.value)}
        aria-invalid={notice?.kind === 'error' || undefined}
        aria-describedby={notice?.kind === 'error' ? 'compose-error' : undefined}
      />
      <label htmlFor="compose-content">{t('messages.compose.content')}</label>
      <textarea id="compose-content" name="content" rows={3} required aria-describedby="compose-count compose-hint" value={content} onChange={(e) => setContent(e.target.value)} />
      <span id="compose-count" className="muted" data-over={length > MESSAGE_MAX_LENGTH || undefined}>
        {t('messages.compose.length', { count: length, max: MESSAGE_MAX_LENGTH })}
      </span>
      <p id="compose-hint" className="muted">
        {t('messages.compose.limitHint', { count: MESSAGE_RECIPIENTS_PER_MINUTE })}
      </p>
      <button type="submit" className="btn btn-primary btn-small" disabled={busy || length === 0 || length > MESSAGE_MAX_LENGTH}>
        {busy ? t('messages.compose.sending') : t('messages.compose.send')}
      </button>
      <NoticeLine notice={notice} id="compose-error" />
    </form>
  );
}

function BlockList({ blocks, onToggle }: { blocks: BlockListResponse | null; onToggle: (loginId: string, block: boolean) => Promise<Notice> }) {
  const t = useT();
  const [target, setTarget] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const toggle = async (loginId: string, block: boolean) => {
    const said = await onToggle(loginId, block);
    setNotice(said);
    return said;
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const id = target.trim();
    if (!id) return;
    // A refused ID stays in the box, to be corrected.
    if ((await toggle(id, true))?.kind !== 'error') setTarget('');
  };
  return (
    <section className="messages-blocks" aria-labelledby="blocks-title">
      <h2 id="blocks-title">{t('messages.blocks.title')}</h2>
      <p className="muted">{t('messages.blocks.hint')}</p>
      <form method="post" onSubmit={submit} className="blocks-form">
        <label htmlFor="block-target">{t('messages.blocks.target')}</label>
        <input
          id="block-target"
          type="text"
          autoComplete="off"
          maxLength={40}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          aria-invalid={notice?.kind === 'error' || undefined}
          aria-describedby={notice?.kind === 'error' ? 'block-error' : undefined}
        />
        <button type="submit" className="btn btn-small">
          {t('messages.blocks.add')}
        </button>
      </form>
      <NoticeLine notice={notice} id="block-error" />
      {!blocks || blocks.items.length === 0 ? (
        <p className="empty-state">{t('messages.blocks.empty')}</p>
      ) : (
        <ul className="block-list">
          {blocks.items.map((b) => (
            <li key={b.memberId}>
              <span>
                {b.nickname} <span className="muted">({b.loginId})</span>
              </span>
              <button type="button" className="btn btn-small btn-ghost" onClick={() => toggle(b.loginId, false)}>
                {t('messages.blocks.remove', { nickname: b.nickname })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
