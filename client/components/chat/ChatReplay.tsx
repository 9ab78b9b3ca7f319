import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { Me } from '../../../src/shared/page-props';
import { REPLAY_LAG_MS, REPLAY_LANDING, landedStretch, type ReplayStretch } from '../../../src/shared/chat-replay-schemas';
import { chatBefore, chatStretch } from '../../data/chat-replay-api';
import { useBlockedIds } from '../../data/message-api';
import { useT } from '../../i18n/i18n';
import type { ChatLine, ChatLineFrame } from '../../realtime/chat-state';
import { ChatLineView } from './ChatLine';

/** How often the picture's moment is read: the replay is at most this far out of step. */
const TICK_MS = 250;
/** Lines kept on screen, the stretch read ahead at a time and how close to its end the next is asked for. */
const SHOWN = REPLAY_LANDING.shown;
const STRETCH_MS = REPLAY_LANDING.aheadMs;
const AHEAD_MS = 15_000;
/** Lines held in memory at most (the oldest go first). */
const HELD = 5_000;

const noop = () => {};

/** What is read: every line said in [from, until), in order. */
interface Held {
  from: number;
  until: number;
  frames: ChatLineFrame[];
}

/**
 * A recording's chat beside it, in step with the picture: the lines said during the live up to the moment on screen
 * (the player's clock, by program date-time). Landing on a moment (the start, a seek) reads the lines just before it
 * and the minute after it; playing on reads the next minute ahead of need. Members the viewer blocked say nothing here
 * either.
 */
export function ChatReplay({
  streamId,
  startsAt,
  initial,
  clock,
  token,
  me,
}: {
  streamId: number;
  /** When the recording's live began: its first lines are read before the player has a picture. */
  startsAt: number | null;
  /** Its first stretch from the start, with the page: shown from the first paint, until the picture says otherwise. */
  initial: ReplayStretch | null;
  clock: RefObject<(() => number | null) | null>;
  token: string | null;
  me: Me | null;
}) {
  const t = useT();
  const [moment, setMoment] = useState<number | null>(null);
  useEffect(() => {
    const read = () => {
      const at = clock.current?.() ?? null;
      setMoment(at === null ? null : Math.floor(at / TICK_MS) * TICK_MS);
    };
    read();
    const timer = setInterval(read, TICK_MS);
    return () => clearInterval(timer);
  }, [clock]);
  const said = moment === null ? null : moment + REPLAY_LAG_MS;
  // Before the picture has a moment (the server's render, hydration), the recording is at its start.
  const shownAt = said ?? (initial && startsAt !== null ? startsAt + REPLAY_LAG_MS : null);

  const [held, setHeld] = useState<Held | null>(() => (initial ? { from: initial.from, until: initial.until, frames: initial.lines as unknown as ChatLineFrame[] } : null));
  const [refused, setRefused] = useState(false);
  /** What is being read: a landing (at which moment) or the stretch ahead. */
  const reading = useRef<{ kind: 'landing'; at: number } | { kind: 'ahead' } | null>(null);
  /** Counts landings: an answer for an earlier one is stale. */
  const landings = useRef(initial ? 1 : 0);
  const covered = held !== null && said !== null && said >= held.from && said < held.until;

  /** Land on a moment: the lines just before it and the stretch after it, replacing what was held. */
  const land = useCallback(
    (at: number) => {
      const mine = ++landings.current;
      reading.current = { kind: 'landing', at };
      void Promise.all([chatBefore(streamId, at, SHOWN, token), chatStretch(streamId, at, at + STRETCH_MS, token, REPLAY_LANDING.aheadLines)]).then(([before, ahead]) => {
        if (landings.current !== mine) return;
        reading.current = null;
        if (!before || !ahead) return setRefused(true);
        const { from, until, lines } = landedStretch(at, before, ahead);
        setHeld({ from, until, frames: lines });
      });
    },
    [streamId, token],
  );

  // A recording starts at its beginning: without its start from the page, it is read while the player is still starting.
  useEffect(() => {
    if (startsAt !== null && landings.current === 0) land(startsAt + REPLAY_LAG_MS);
  }, [startsAt, land]);

  useEffect(() => {
    if (said === null || refused) return;
    const now = reading.current;
    if (!covered) {
      // A landing already on its way covers this moment too (the picture played on meanwhile): wait for it.
      if (now?.kind === 'landing' && said >= now.at && said < now.at + STRETCH_MS) return;
      land(said);
      return;
    }
    if (held.until - said > AHEAD_MS || now !== null) return;
    reading.current = { kind: 'ahead' };
    const from = held.until;
    const mine = landings.current;
    void chatStretch(streamId, from, from + STRETCH_MS, token).then((ahead) => {
      if (landings.current !== mine) return;
      reading.current = null;
      if (!ahead) return;
      setHeld((was) => {
        if (!was || was.until !== from) return was;
        const frames = [...was.frames, ...ahead.lines];
        const kept = frames.length > HELD ? frames.slice(-HELD) : frames;
        return { from: kept.length < frames.length ? kept[0]!.at : was.from, until: ahead.next ?? from + STRETCH_MS, frames: kept };
      });
    });
  }, [said, covered, held, refused, streamId, token, land]);

  const blocked = useBlockedIds(!!me);
  const lines = useMemo<ChatLine[]>(() => {
    if (shownAt === null || !held || shownAt < held.from || shownAt >= held.until) return [];
    const shown = held.frames.filter((f) => f.at < shownAt && !(f.type === 'message' && blocked.has(f.from.loginId)));
    return shown.slice(-SHOWN).map((frame, i) => ({ key: `${frame.at}-${i}-${frame.type}`, frame }));
  }, [shownAt, held, blocked]);

  const log = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = log.current;
    if (el && lines.length) el.scrollTop = el.scrollHeight;
  }, [lines]);

  const loading = said !== null && !covered;
  return (
    // For tests and the bench: the moment (ms) it shows the chat for, and whether that moment's lines are in.
    <aside
      className="chat-panel chat-replay"
      aria-labelledby="chat-replay-title"
      data-lines={lines.length}
      data-moment={said ?? undefined}
      data-state={refused ? 'refused' : loading ? 'loading' : 'ready'}
    >
      <div className="chat-head">
        <h2 id="chat-replay-title">{t('chatReplay.title')}</h2>
      </div>
      <div className="chat-body">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls as the picture plays: it must take focus so keyboard users can scroll it back */}
        <div className="chat-log" ref={log} role="log" aria-live="polite" aria-label={t('chatReplay.title')} tabIndex={0}>
          {refused ? (
            <p className="chat-line chat-event">{t('chatReplay.failed')}</p>
          ) : lines.length === 0 ? (
            <p className="chat-line chat-event">{loading ? t('chatReplay.loading') : t('chatReplay.empty')}</p>
          ) : (
            <ul className="chat-lines">
              {lines.map((line) => (
                // Lines of the past: no author's menu (own), nothing to moderate any more.
                <ChatLineView key={line.key} line={line} choices={null} menuOpen={false} onToggleMenu={noop} onAct={noop} member={null} own />
              ))}
            </ul>
          )}
        </div>
      </div>
    </aside>
  );
}
