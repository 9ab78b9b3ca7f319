import { useSetAtom } from 'jotai';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import type { ChatActionName, ChatUser } from '../../../src/shared/chat-protocol';
import type { ChatLine } from '../../realtime/chat-state';
import { useFailureNotice } from '../../data/use-mutation';
import { useT } from '../../i18n/i18n';
import { ChatLineView, type MemberChoices } from './ChatLine';
import { BLOCK_LIST_KEY, blockMember } from '../../data/message-api';
import { pushToastAtom } from '../../state/ui';
import { moderationActions, type ModerationChoice } from './moderation';
import { ReportDialog, type ReportTarget } from '../cs/ReportDialog';

/** Within this many pixels of the bottom counts as 'at the bottom': new lines keep it scrolled down. */
const STICK_PX = 32;

/**
 * The log: a polite live region that follows new lines while the reader is at the bottom. Once they
 * scroll up it stays put and offers a jump back to the newest lines.
 */
export function ChatMessageList({ lines, me, onAct }: { lines: ChatLine[]; me: ChatUser | null; onAct: (action: ChatActionName, target: string, seconds?: number, messageId?: number) => void }) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const [unseen, setUnseen] = useState(false);
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const { mutate } = useSWRConfig();
  const pushToast = useSetAtom(pushToastAtom);
  const notice = useFailureNotice();
  // A member may message, block or report anyone else (a guest is offered none: the room knows them by no login ID).
  const member = useMemo<MemberChoices | null>(
    () =>
      me
        ? {
            onReport: (from, text) => setReporting({ type: 'chat', id: from.loginId, label: from.nickname, quote: text }),
            onBlock: async (user) => {
              const res = await blockMember(user.loginId);
              if (!res.ok) return notice(res, { fallback: 'chat.member.blockFailed' });
              // The block list hides their lines (ChatPanel): the line whose menu had the focus is gone, the log takes it.
              await mutate(BLOCK_LIST_KEY);
              scroller.current?.focus();
              pushToast({ key: 'chat.member.blocked', params: { nickname: user.nickname } });
            },
          }
        : null,
    [me, mutate, pushToast, notice],
  );
  const own = (from: ChatUser) => !!me && me.loginId.toLowerCase() === from.loginId.toLowerCase();

  useLayoutEffect(() => {
    const el = scroller.current;
    // An empty log has nowhere to scroll: reading scrollHeight would only force a layout of the whole page while
    // the chat mounts (a long task on a phone).
    if (!el || !lines.length) return;
    if (stick.current) el.scrollTop = el.scrollHeight;
    else setUnseen(true);
  }, [lines]);

  const onScroll = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight <= STICK_PX;
    if (stick.current) setUnseen(false);
  }, []);

  const jump = () => {
    const el = scroller.current;
    if (!el) return;
    stick.current = true;
    el.scrollTop = el.scrollHeight;
    setUnseen(false);
    el.focus();
  };

  // One menu list per author per render of `me`, so memoized lines keep their props when nothing changed.
  const choicesFor = useMemo(() => {
    const cache = new Map<string, ModerationChoice[]>();
    return (user: ChatUser) => {
      const id = `${user.loginId}|${user.role}|${user.badge ?? ''}`;
      let found = cache.get(id);
      if (!found) {
        found = moderationActions(me, user);
        cache.set(id, found);
      }
      return found;
    };
  }, [me]);

  return (
    <div className="chat-log-wrap">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls: it must take focus so keyboard users can scroll it (and "new messages" focuses it) */}
      <div ref={scroller} className="chat-log" role="log" aria-live="polite" aria-label={t('chat.log')} tabIndex={0} onScroll={onScroll}>
        {lines.length === 0 ? (
          <p className="chat-empty">{t('chat.empty')}</p>
        ) : (
          <ol className="chat-lines">
            {lines.map((line) => (
              <ChatLineView
                key={line.key}
                line={line}
                choices={line.frame.type === 'message' ? choicesFor(line.frame.from) : null}
                menuOpen={menuFor === line.key}
                onToggleMenu={setMenuFor}
                onAct={onAct}
                member={member}
                own={line.frame.type === 'message' && own(line.frame.from)}
              />
            ))}
          </ol>
        )}
      </div>
      <ReportDialog id="report-chat-line" target={reporting} onClose={() => setReporting(null)} />
      {unseen && (
        <button type="button" className="btn btn-small chat-jump" onClick={jump}>
          {t('chat.newMessages')}
        </button>
      )}
    </div>
  );
}
