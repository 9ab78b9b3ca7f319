import { useSetAtom } from 'jotai';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSWRConfig } from 'swr';
import { CHAT_MAX_TEXT, chatAccessMessageKey, type ChatAccessRefusal } from '../../../src/shared/chat-protocol';
import type { Me } from '../../../src/shared/page-props';
import type { Playback } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { useChatRoom } from '../../realtime/use-chat-room';
import { CHANNEL_SETTINGS_KEY } from '../../data/use-channel-settings';
import { FINAL_STATUSES, rejoinWaitSeconds, type ChatEffect, type ChatLine, type ChatState } from '../../realtime/chat-state';
import { useBlockedIds } from '../../data/message-api';
import { openLoginModalAtom, showMembersOnlyAtom } from '../../state/ui';
import { ChatMessageList } from './ChatMessageList';
import { ChatShell } from './ChatShell';
import { GiftBanner, giverName } from '../gift/GiftBanner';
import { mayFreeze } from './moderation';
import { LexOption, useLexSender } from '../items/LexOption';
import { lazyComponent } from '../../app/lazy';
import { emojiToken } from '../../../src/shared/emoji';
import { mayRunPollsAs, PollCard, PollForm } from './Poll';

// The picker is a chunk of its own, fetched when its button is first pointed at, focused or pressed.
const EmojiPicker = lazyComponent(() => import('../emoji/EmojiPicker').then((m) => m.EmojiPicker));

export interface ChatPanelProps {
  channelId: number;
  streamId: number | null;
  me: Me | null;
  /** The room says a live started or ended: the page reloads its data (the player appears or goes). */
  onChannelStatus: () => void;
  /** The playback the password form earned (a password-protected live): its passwordToken opens the room too. */
  passwordPlayback?: Playback | null;
  /** The page already knows this viewer may not watch (its access gate is shown): say why, do not connect. */
  locked?: ChatAccessRefusal | null;
  /** The room's viewer count, each time the room tells it (the page shows it beside the live's other figures). */
  onViewers?: (viewers: number) => void;
}

const codePoints = (text: string) => [...text].length;

function ConnectionFlag({ status }: { status: ChatState['status'] }) {
  const t = useT();
  return (
    <span className="chat-conn" data-status={status} role="status">
      <span className="chat-conn-dot" aria-hidden="true" />
      {t(`chat.status.${status}`)}
    </span>
  );
}

function GiftEffects({ effects }: { effects: ChatEffect[] }) {
  const t = useT();
  if (effects.length === 0) return null;
  // The log line announces the gift; this is the picture of it, hidden from screen readers.
  return (
    <div className="chat-effects" aria-hidden="true">
      {effects.map(({ key, frame }) =>
        frame.kind === 'gift' ? (
          <GiftBanner key={key} frame={frame} />
        ) : (
          <div key={key} className="chat-effect chat-effect-item" data-effect={frame.effect}>
            <span className="chat-effect-icon">✨</span>
            <span>{t('chat.effect.item', { nickname: giverName(t, frame.from) })}</span>
          </div>
        ),
      )}
    </div>
  );
}

/**
 * After a kick: the way back in once the room's cooldown is over (a countdown until then). Not shown
 * after a ban: a blacklisted member cannot rejoin.
 */
function RejoinControl({ state, onRejoin }: { state: ChatState; onRejoin: () => void }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  const wait = rejoinWaitSeconds(state, now);
  const waiting = wait > 0;
  // Ticks only while waiting.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [waiting]);
  return (
    <>
      {/* Not announced every second: the alert above already said what happened. */}
      {waiting && (
        <p id="chat-rejoin-wait" className="chat-rejoin-wait" aria-live="off">
          {t('chat.rejoinIn', { count: wait })}
        </p>
      )}
      <button type="button" className="btn btn-small btn-primary" disabled={waiting} aria-describedby={waiting ? 'chat-rejoin-wait' : undefined} onClick={onRejoin}>
        {t('chat.rejoin')}
      </button>
    </>
  );
}

/** The room's panel for a viewer the channel's gate stops: the same reason the room would give, and no socket. */
function LockedChat({ reason }: { reason: ChatAccessRefusal }) {
  const t = useT();
  return (
    <ChatShell>
      <div className="chat-final" role="status">
        <p>{t(chatAccessMessageKey(reason))}</p>
      </div>
    </ChatShell>
  );
}

/** Who wrote a line's words: a chat message's author, or a LEX item's sender (an item line with text). */
function authorOf(frame: ChatLine['frame']): string | null {
  if (frame.type === 'message') return frame.from.loginId;
  if (frame.type === 'event' && frame.kind === 'item' && frame.text) return frame.from?.loginId ?? null;
  return null;
}

/** The chat beside (PC) or below (mobile) the player, live or not: log, input, moderation, events. */
export function ChatPanel({ locked, ...props }: ChatPanelProps) {
  return locked ? <LockedChat reason={locked} /> : <RoomPanel {...props} />;
}

function RoomPanel({ channelId, streamId, me, onChannelStatus, passwordPlayback = null, onViewers }: Omit<ChatPanelProps, 'locked'>) {
  const t = useT();
  const { mutate } = useSWRConfig();
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  const openLogin = useSetAtom(openLoginModalAtom);
  const onSettingsChanged = useCallback(() => void mutate(CHANNEL_SETTINGS_KEY), [mutate]);
  // The room follows the player's rule: a viewer who verifies their identity or enters the password is tried again.
  const { state, send, act, startPoll, vote, endPoll, dismissError, rejoin } = useChatRoom({
    room: String(channelId),
    streamId,
    member: !!me,
    playbackToken: passwordPlayback?.passwordToken ?? null,
    accessKey: me ? `${me.identityVerified}/${me.adult}` : '',
    onChannelStatus,
    onSettingsChanged,
  });
  const [text, setText] = useState('');
  /** A line sent before the room let us in (the page just opened): it goes out once it does, and stays in the box till then. */
  const [queued, setQueued] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [pollForm, setPollForm] = useState(false);
  const pollButton = useRef<HTMLButtonElement>(null);
  const closePollForm = () => {
    setPollForm(false);
    pollButton.current?.focus();
  };
  const input = useRef<HTMLInputElement>(null);
  const pickerButton = useRef<HTMLButtonElement>(null);
  const guest = !me;
  const pick = (code: string) => {
    setText((current) => `${current}${current && !current.endsWith(' ') ? ' ' : ''}${emojiToken(code)} `);
    // One pick closes the picker and leaves the writer typing where they were.
    setPicking(false);
    input.current?.focus();
  };
  const closePicker = () => {
    setPicking(false);
    pickerButton.current?.focus();
  };
  // Members the viewer blocked say nothing here: their lines are dropped on this screen only (as Twitch
  // does), history included; the block list changes live through the inbox socket (client/realtime/use-inbox.ts).
  const blocked = useBlockedIds(!!me);
  const lines = useMemo(() => (blocked.size === 0 ? state.lines : state.lines.filter((line) => !blocked.has(authorOf(line.frame) ?? ''))), [state.lines, blocked]);
  const final = FINAL_STATUSES.has(state.status);
  useEffect(() => {
    if (state.joined) onViewers?.(state.viewers);
  }, [state.joined, state.viewers, onViewers]);

  // A write the room refused because we are a guest (the page thought otherwise): ask to sign in.
  useEffect(() => {
    if (state.error?.code === 'LOGIN_REQUIRED') showMembersOnly(true);
  }, [state.error, showMembersOnly]);

  useEffect(() => {
    if (queued === null || !state.joined) return;
    if (send(queued)) setText((current) => (current.trim() === queued ? '' : current));
    setQueued(null);
  }, [queued, state.joined, send]);

  const lex = useLexSender(!!me, channelId);
  const askToSignIn = () => showMembersOnly(true);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (guest) return askToSignIn();
    const message = text.trim();
    if (!message) return;
    dismissError();
    if (lex.active) {
      if (await lex.send(message)) setText('');
      return;
    }
    if (!state.joined) return setQueued(message);
    if (send(message)) setText('');
  };
  const onGuestKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Typing (not moving through the page with Tab) is trying to write.
    if (event.key === 'Tab' || event.key === 'Shift' || event.key === 'Escape') return;
    event.preventDefault();
    askToSignIn();
  };

  const errorText = state.error ? t(`chat.errors.${state.error.code}`, { max: CHAT_MAX_TEXT }) : null;
  const finalText =
    state.status === 'expired'
      ? t('chat.sessionExpired')
      : state.status === 'kicked'
        ? t('chat.errors.KICKED')
        : state.status === 'banned'
          ? t('chat.errors.BANNED')
          : state.status === 'refused' && state.refusal
            ? t(chatAccessMessageKey(state.refusal))
            : null;
  const length = codePoints(text);

  return (
    <section className="chat-panel" aria-labelledby="chat-title">
      <header className="chat-head">
        <h2 id="chat-title">{t('chat.title')}</h2>
        <ConnectionFlag status={state.status} />
        {state.joined && <span className="chat-viewers">{t('chat.viewers', { count: state.viewers })}</span>}
        {mayFreeze(state.me) && state.joined && (
          <button type="button" className="btn btn-small" aria-pressed={state.frozen} onClick={() => act(state.frozen ? 'unfreeze' : 'freeze')}>
            {t(state.frozen ? 'chat.unfreeze' : 'chat.freeze')}
          </button>
        )}
        {mayRunPollsAs(state.me) && state.joined && (
          <button
            ref={pollButton}
            type="button"
            className="btn btn-small"
            aria-expanded={pollForm}
            aria-controls={pollForm ? 'chat-poll-form' : undefined}
            // One poll at a time: while one is open the button stays (focusable, where the form left the focus) but opens nothing.
            aria-disabled={state.poll !== null && !pollForm ? true : undefined}
            onClick={() => (pollForm ? closePollForm() : state.poll === null && setPollForm(true))}
          >
            {t('chat.poll.new')}
          </button>
        )}
      </header>
      {pollForm && state.joined && (
        <div id="chat-poll-form" className="chat-poll-form-wrap">
          <PollForm onStart={startPoll} onClose={closePollForm} />
        </div>
      )}
      {state.poll && <PollCard open={state.poll} me={state.me} errorSeq={state.error?.seq ?? null} onVote={vote} onEnd={endPoll} onSignIn={askToSignIn} />}
      {state.pinned && (
        <p className="chat-pinned">
          <strong>{t('chat.pinned')}</strong> {state.pinned.text}
        </p>
      )}
      {state.frozen && <p className="chat-frozen">{t('chat.frozenNotice')}</p>}
      <div className="chat-body">
        <ChatMessageList lines={lines} me={state.me} onAct={act} />
        <GiftEffects effects={state.effects} />
      </div>
      {finalText ? (
        <div className="chat-final" role="alert">
          <p>{finalText}</p>
          {state.status === 'expired' && (
            <button type="button" className="btn btn-small btn-primary" onClick={() => openLogin('signIn')}>
              {t('chat.relogin')}
            </button>
          )}
          {state.status === 'kicked' && <RejoinControl state={state} onRejoin={rejoin} />}
        </div>
      ) : (
        errorText && (
          <div className="chat-error" role="alert" key={state.error?.seq}>
            <span>{errorText}</span>
            <button type="button" className="btn btn-small btn-ghost" onClick={dismissError}>
              {t('common.close')}
            </button>
          </div>
        )
      )}
      <form method="post" className="chat-form" onSubmit={submit}>
        <label htmlFor="chat-input" className="visually-hidden">
          {t('chat.inputLabel')}
        </label>
        <input
          ref={input}
          id="chat-input"
          className="chat-input"
          type="text"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={CHAT_MAX_TEXT * 2}
          value={text}
          readOnly={guest}
          disabled={final}
          placeholder={guest ? t('chat.guestPlaceholder') : t('chat.placeholder')}
          aria-describedby="chat-count"
          onChange={(event) => setText(event.target.value)}
          onClick={guest ? askToSignIn : undefined}
          onKeyDown={guest ? onGuestKey : undefined}
        />
        <span id="chat-count" className="chat-count" data-over={length > CHAT_MAX_TEXT || undefined}>
          {t('chat.count', { count: length, max: CHAT_MAX_TEXT })}
        </span>
        <button
          ref={pickerButton}
          type="button"
          className="btn btn-small chat-emoji-toggle"
          aria-expanded={picking}
          aria-controls={picking ? 'chat-emoji-picker' : undefined}
          disabled={final}
          onPointerEnter={() => void EmojiPicker.preload()}
          onFocus={() => void EmojiPicker.preload()}
          onClick={() => (guest ? askToSignIn() : setPicking((open) => !open))}
        >
          {t('emoji.picker.open')}
        </button>
        <button type="submit" className="btn btn-primary btn-small" disabled={final || lex.busy || queued !== null || (!guest && length > CHAT_MAX_TEXT)}>
          {t('chat.send')}
        </button>
        <LexOption lex={lex} />
        {queued !== null && (
          <p className="chat-queued muted" role="status">
            {t('chat.queued')}
          </p>
        )}
      </form>
      {picking && (
        <Suspense fallback={<p role="status">{t('emoji.picker.loading')}</p>}>
          <EmojiPicker channelId={channelId} member={!guest} onPick={pick} onClose={closePicker} />
        </Suspense>
      )}
    </section>
  );
}
