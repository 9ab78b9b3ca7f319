import { useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import useSWR from 'swr';
import type { Me } from '../../../src/shared/page-props';
import { loadChatStretch } from '../../data/chat-replay-api';
import { useBlockedIds } from '../../data/message-api';
import { useT } from '../../i18n/i18n';
import type { ChatLine, ChatLineFrame } from '../../realtime/chat-state';
import { ChatLineView } from './ChatLine';

/** The chat is read a minute at a time: the minute on screen, the one before it, and the next one ahead of need. */
const STRETCH_MS = 60_000;
/** How often the picture's moment is read: the replay is at most this far out of step. */
const TICK_MS = 250;
/**
 * Live viewers watched about this far behind the room's clock (the player sits a second or so behind the encoder):
 * a line said at T went with the picture of T minus this, and is shown there.
 */
const LIVE_LAG_MS = 1_500;
/** Lines kept on screen. */
const SHOWN = 150;
/** Within this of the next minute, it is asked for. */
const AHEAD_MS = 15_000;

const noop = () => {};

/**
 * A recording's chat beside it, in step with the picture: the lines said during the live up to the moment on screen
 * (the player's clock, by program date-time), following seeks. Members the viewer blocked say nothing here either.
 */
export function ChatReplay({ streamId, clock, token, me }: { streamId: number; clock: RefObject<(() => number | null) | null>; token: string | null; me: Me | null }) {
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

  const said = moment === null ? null : moment + LIVE_LAG_MS;
  const minute = said === null ? null : Math.floor(said / STRETCH_MS) * STRETCH_MS;
  const stretch = (from: number | null) => (from === null ? null : (['chat-replay', streamId, from, token] as const));
  const load = ([, id, from, key]: readonly [string, number, number, string | null]) => loadChatStretch(id, from, from + STRETCH_MS, key);
  const options = { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false, keepPreviousData: false };
  const current = useSWR(stretch(minute), load, options);
  const before = useSWR(stretch(minute === null ? null : minute - STRETCH_MS), load, options);
  useSWR(stretch(minute !== null && said! - minute > STRETCH_MS - AHEAD_MS ? minute + STRETCH_MS : null), load, options);

  const blocked = useBlockedIds(!!me);
  const lines = useMemo<ChatLine[]>(() => {
    if (said === null) return [];
    const frames: ChatLineFrame[] = [...(before.data ?? []), ...(current.data ?? [])];
    const shown = frames.filter((f) => f.at <= said && !(f.type === 'message' && blocked.has(f.from.loginId)));
    return shown.slice(-SHOWN).map((frame, i) => ({ key: `${frame.at}-${i}-${frame.type}`, frame }));
  }, [said, before.data, current.data, blocked]);

  const log = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = log.current;
    if (el && lines.length) el.scrollTop = el.scrollHeight;
  }, [lines]);

  const refused = current.data === null;
  const loading = said !== null && current.data === undefined;
  return (
    <aside className="chat-panel chat-replay" aria-labelledby="chat-replay-title" data-lines={lines.length}>
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
