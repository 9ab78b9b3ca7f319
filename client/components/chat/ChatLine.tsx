import { memo, useEffect, useRef } from 'react';
import type { ChatActionName, ChatUser } from '../../../src/shared/chat-protocol';
import type { ChatLine as Line } from '../../realtime/chat-state';
import { useT, type Translate } from '../../i18n/i18n';
import type { ModerationChoice } from './moderation';
import { useCurrency } from '../gift/currency';
import { giverName } from '../gift/GiftBanner';
import { LevelBadge } from '../fans/LevelBadge';
import { ChatText } from '../emoji/ChatText';
import { Avatar, avatarUrlOf } from '../member/Avatar';

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
  onAct: (action: ChatActionName, target: string, seconds?: number) => void;
  /** Report the line to the operator; null when the viewer may not (a guest, their own line). */
  onReport: ((from: ChatUser, text: string) => void) | null;
}

function eventText(t: Translate, line: Line, money: ReturnType<typeof useCurrency>): string | null {
  const f = line.frame;
  if (f.type === 'action') {
    return t(`chat.action.${f.action}`, { by: f.by.nickname, target: f.target?.nickname ?? '', seconds: f.seconds ?? 0 });
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
        amount: money.formatAmount(f.amount),
        currency: money.currency,
        message: f.message ?? '',
      });
    case 'item':
      return t('chat.event.item', { nickname: giverName(t, f.from) }) + (f.text ? ` “${f.text}”` : '');
    default:
      return null;
  }
}

function ModerationMenu({
  id,
  user,
  choices,
  onClose,
  onAct,
  onReport,
}: {
  id: string;
  user: ChatUser;
  choices: ModerationChoice[];
  onClose: () => void;
  onAct: LineProps['onAct'];
  onReport: (() => void) | null;
}) {
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector('button')?.focus();
  }, []);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a popup group of action buttons, not a form: <fieldset> would need a <legend> and reset styling for no gain
    <div
      ref={ref}
      id={id}
      className="chat-menu"
      role="group"
      aria-label={t(choices.length > 0 ? 'chat.moderate' : 'cs.report.chatMenu', { nickname: user.nickname })}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      {choices.map((choice) => (
        <button
          key={choice.label}
          type="button"
          className="btn btn-small"
          onClick={() => {
            onAct(choice.action, user.loginId, choice.seconds);
            onClose();
          }}
        >
          {t(choice.label)}
        </button>
      ))}
      {onReport && (
        <button
          type="button"
          className="btn btn-small"
          onClick={() => {
            onClose();
            onReport();
          }}
        >
          {t('cs.report.button.chat')}
        </button>
      )}
      <button type="button" className="btn btn-small btn-ghost" onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}

/** One line of the log: a message (author with badges, their moderation menu) or an event. */
export const ChatLineView = memo(function ChatLineView({ line, choices, menuOpen, onToggleMenu, onAct, onReport }: LineProps) {
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
      {(choices && choices.length > 0) || onReport ? (
        <button
          ref={trigger}
          type="button"
          className="chat-author chat-author-button"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? menuId : undefined}
          aria-label={t(choices && choices.length > 0 ? 'chat.moderate' : 'cs.report.chatMenu', { nickname: f.from.nickname })}
          onClick={() => onToggleMenu(menuOpen ? null : line.key)}
        >
          {f.from.nickname}
        </button>
      ) : (
        <span className="chat-author">{f.from.nickname}</span>
      )}
      <ChatText text={f.text} emoji={f.emoji} />
      {menuOpen && <ModerationMenu id={menuId} user={f.from} choices={choices ?? []} onClose={close} onAct={onAct} onReport={onReport ? () => onReport(f.from, f.text) : null} />}
    </li>
  );
});
