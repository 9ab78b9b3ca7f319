import { memo, useEffect, useRef } from 'react';
import { MESSAGES_PATHS } from '../../../src/shared/message-limits';
import type { ChatActionName, ChatUser } from '../../../src/shared/chat-protocol';
import type { ChatLine as Line } from '../../realtime/chat-state';
import { useT, type Translate } from '../../i18n/i18n';
import type { ModerationChoice } from './moderation';
import { useCurrency } from '../gift/currency';
import { giverName } from '../gift/GiftBanner';
import { LevelBadge } from '../fans/LevelBadge';
import { ChatText } from '../emoji/ChatText';
import { Avatar, avatarUrlOf } from '../member/Avatar';
import { PollResultLine } from './Poll';

/** Room badge (creator, manager), site role (P, O, S, J; V members carry none), the subscriber badge and the member level. */
export function RoleBadges({ user }: { user: ChatUser }) {
  const t = useT();
  return (
    <>
      {user.badge && <span className={`chat-badge chat-badge-${user.badge}`}>{t(`chat.badge.${user.badge}`)}</span>}
      {user.role !== 'V' && <span className={`chat-badge chat-badge-role-${user.role}`}>{t(`chat.badge.${user.role}`)}</span>}
      {user.subscriber && <span className="chat-badge chat-badge-subscriber">{t('subscriptions.badge')}</span>}
      {user.level && <LevelBadge level={user.level} size={16} />}
      {user.bigFan && <span className="chat-badge chat-badge-bigfan">{t('member.bigFanBadge')}</span>}
    </>
  );
}

interface LineProps {
  line: Line;
  /** The viewer's own standing decides what the author's menu offers; null when it offers nothing. */
  choices: ModerationChoice[] | null;
  menuOpen: boolean;
  onToggleMenu: (key: string | null) => void;
  /** `messageId`: the line's message, for delete_message. */
  onAct: (action: ChatActionName, target: string, seconds?: number, messageId?: number) => void;
  /** What a member may do with the line (message, block, report); null for a guest. */
  member: MemberChoices | null;
  /** The viewer's own line: no menu. */
  own: boolean;
}

function eventText(t: Translate, line: Line, money: ReturnType<typeof useCurrency>): string | null {
  const f = line.frame;
  if (f.type === 'action') {
    return t(`chat.action.${f.action}`, { by: f.by.nickname, target: f.target?.nickname ?? '', seconds: f.seconds ?? 0, count: f.seconds ?? 0 });
  }
  if (f.type !== 'event') return null;
  switch (f.kind) {
    case 'channel_status':
      return t(f.status === 'live' ? 'chat.event.live' : 'chat.event.ended');
    case 'announcement':
    case 'live_match':
    case 'co_stream':
      return t(`chat.event.${f.kind}`, { nickname: f.by.nickname, text: f.text });
    case 'gift':
      return t(f.message ? 'giftEffect.lineWithMessage' : 'giftEffect.line', {
        nickname: giverName(t, f.from),
        ...money.luv(f.amount),
        message: f.message ?? '',
      });
    case 'item':
      return t('chat.event.item', { nickname: giverName(t, f.from) }) + (f.text ? ` “${f.text}”` : '');
    default:
      return null;
  }
}

/** What the viewer may do with another member's line beyond moderating it: null for a guest (they only see who it is). */
export interface MemberChoices {
  /** Block the author (their messages and chat lines are hidden from this viewer). */
  onBlock: (user: ChatUser) => void;
  /** Report the line to the operator. */
  onReport: (from: ChatUser, text: string) => void;
}

/**
 * The menu an author's name opens: who they are (their profile: picture, nickname, login ID, badges, and their
 * channel when they have one), a message and a block for members, the report, and the room's moderation actions
 * the viewer's standing allows. Its first item takes the focus; Esc and Close give it back to the name.
 */
function LineMenu({
  id,
  messageId,
  user,
  text,
  choices,
  member,
  onClose,
  onAct,
}: {
  id: string;
  messageId: number;
  user: ChatUser;
  text: string;
  choices: ModerationChoice[];
  member: MemberChoices | null;
  onClose: () => void;
  onAct: LineProps['onAct'];
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const channel = user.channel ? `/channel/${encodeURIComponent(user.loginId)}` : null;
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('a, button')?.focus();
  }, []);
  const modId = `${id}-mod`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a popup group of links and action buttons, not a form: <fieldset> would need a <legend> and reset styling for no gain
    <div
      ref={ref}
      id={id}
      className="chat-menu"
      role="group"
      aria-label={t('chat.member.menu', { nickname: user.nickname })}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="chat-menu-profile">
        <Avatar url={avatarUrlOf(user.avatar)} nickname={user.nickname} size={36} />
        <p>
          <strong>{user.nickname}</strong> <span className="muted">@{user.loginId}</span>
          <br />
          <RoleBadges user={user} />
        </p>
      </div>
      <div className="chat-menu-items">
        {channel && (
          <a className="btn btn-small" href={channel}>
            {t('chat.member.channel')}
          </a>
        )}
        {member && (
          <>
            <a className="btn btn-small" href={`${MESSAGES_PATHS.MESSAGES}?with=${encodeURIComponent(user.loginId)}`}>
              {t('chat.member.message')}
            </a>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                onClose();
                member.onBlock(user);
              }}
            >
              {t('chat.member.block')}
            </button>
            <button
              type="button"
              className="btn btn-small"
              onClick={() => {
                onClose();
                member.onReport(user, text);
              }}
            >
              {t('cs.report.button.chat')}
            </button>
          </>
        )}
      </div>
      {choices.length > 0 && (
        // biome-ignore lint/a11y/useSemanticElements: as above, a group of action buttons
        <div className="chat-menu-items chat-menu-mod" role="group" aria-labelledby={modId}>
          <p id={modId} className="chat-menu-title">
            {t('chat.moderate', { nickname: user.nickname })}
          </p>
          {choices.map((choice) => (
            <button
              key={choice.label}
              type="button"
              className="btn btn-small"
              onClick={() => {
                onAct(choice.action, user.loginId, choice.seconds, choice.action === 'delete_message' ? messageId : undefined);
                onClose();
              }}
            >
              {t(choice.label)}
            </button>
          ))}
        </div>
      )}
      <button type="button" className="btn btn-small btn-ghost" onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}

/** One line of the log: a message (author with badges, their moderation menu) or an event. */
export const ChatLineView = memo(function ChatLineView({ line, choices, menuOpen, onToggleMenu, onAct, member, own }: LineProps) {
  const t = useT();
  const money = useCurrency();
  const trigger = useRef<HTMLButtonElement>(null);
  const f = line.frame;
  if (f.type === 'event' && f.kind === 'item' && f.effect.startsWith('lex-') && f.text) {
    // A LEX message: the sender's words, highlighted in the font style they chose.
    return (
      <li className={`chat-line chat-lex chat-lex-${f.effect.slice(4)}`} data-item={f.itemCode}>
        <span className="chat-lex-badge">{t('items.lex.badge')}</span>
        <span className="chat-author">{giverName(t, f.from)}</span>
        <span className="chat-text">{f.text}</span>
      </li>
    );
  }
  if (f.type === 'poll') return <PollResultLine frame={f} />;
  if (f.type !== 'message') {
    const text = eventText(t, line, money);
    if (!text) return null;
    const kind = f.type === 'action' ? 'action' : f.kind;
    return <li className={`chat-line chat-event chat-event-${kind}`}>{text}</li>;
  }
  const menuId = `chat-menu-${line.key}`;
  const close = () => {
    onToggleMenu(null);
    trigger.current?.focus();
  };
  return (
    <li className="chat-line chat-message">
      <Avatar url={avatarUrlOf(f.from.avatar)} nickname={f.from.nickname} size={20} />
      <RoleBadges user={f.from} />
      {own ? (
        <span className="chat-author">{f.from.nickname}</span>
      ) : (
        <button
          ref={trigger}
          type="button"
          className="chat-author chat-author-button"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          aria-label={t('chat.member.menu', { nickname: f.from.nickname })}
          onClick={() => onToggleMenu(menuOpen ? null : line.key)}
        >
          {f.from.nickname}
        </button>
      )}
      <ChatText text={f.text} emoji={f.emoji} />
      {menuOpen && <LineMenu id={menuId} messageId={f.id} user={f.from} text={f.text} choices={choices ?? []} member={member} onClose={close} onAct={onAct} />}
    </li>
  );
});
