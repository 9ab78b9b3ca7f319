import { useEffect, useRef, useState, type FormEvent } from 'react';
import { POLL_DURATIONS, POLL_LIMITS, type ChatUser, type Poll, type PollEndedFrame } from '../../../src/shared/chat-protocol';
import { pollDraft, pollPercents, pollWinners } from '../../../src/shared/chat-polls';
import { mayRunPolls } from '../../../src/shared/chat-permissions';
import type { OpenPoll } from '../../realtime/chat-state';
import { useRouter } from '../../app/router-context';
import { useT, type Translate } from '../../i18n/i18n';
import { formatDuration, formatInteger } from '../../lib/format';
import { standingOfUser } from './moderation';

// Polls in the chat panel (docs/product/watching-and-chat.md, "Polls"): the start form, the open poll pinned
// above the log, and its result as a line of the log. The room decides everything; these only ask.

/** Starting and ending polls: the creator, the room's managers (and staff). */
export const mayRunPollsAs = (me: ChatUser | null) => mayRunPolls(standingOfUser(me));

const votesText = (t: Translate, count: number, locale: string) => t('chat.poll.votes', { count: formatInteger(count, locale) });

/** Seconds left on this screen's clock, ticking once a second until the poll's end. */
function useTimeLeft(closesAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  const done = now >= closesAt;
  useEffect(() => {
    if (done) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [done]);
  return Math.max(0, closesAt - now);
}

/** Each option's share: its label, its percentage as a bar (a progressbar with its numbers for screen readers), the own vote marked. */
function PollBars({ poll, myVote }: { poll: Poll; myVote: number | null }) {
  const t = useT();
  const { locale } = useRouter().props;
  const percents = pollPercents(poll.votes);
  return (
    <ul className="chat-poll-bars">
      {poll.options.map((option, i) => {
        const valueText = t('chat.poll.optionResult', { option, percent: percents[i] ?? 0, count: formatInteger(poll.votes[i] ?? 0, locale) });
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed for the poll's life and are its order
          <li key={i} className="chat-poll-bar-row" data-mine={myVote === i || undefined}>
            <span className="chat-poll-option">
              {option}
              {myVote === i && <span className="chat-poll-mine"> · {t('chat.poll.yourVote')}</span>}
            </span>
            <span className="chat-poll-percent" aria-hidden="true">
              {percents[i]}%
            </span>
            <div className="chat-poll-bar" role="progressbar" aria-label={option} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percents[i] ?? 0} aria-valuetext={valueText}>
              <span style={{ width: `${percents[i] ?? 0}%` }} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export interface PollCardProps {
  open: OpenPoll;
  me: ChatUser | null;
  /** Bumps with each error the room answers, so a refused vote's buttons come back. */
  errorSeq: number | null;
  onVote: (id: number, option: number) => boolean;
  onEnd: (id: number) => boolean;
  onSignIn: () => void;
}

/**
 * The open poll, pinned above the chat: its question, the options as buttons until this member voted, then (and for
 * guests, and once time is up) the bars with percentages; time left and the total. Not a live region: tallies are
 * not announced one by one; the result line in the log is.
 */
export function PollCard({ open, me, errorSeq, onVote, onEnd, onSignIn }: PollCardProps) {
  const t = useT();
  const { locale } = useRouter().props;
  const { poll, myVote } = open;
  const left = useTimeLeft(open.closesAt);
  // A vote sent and not yet answered: the buttons wait (the room's 'voted' or its refusal ends that).
  const [sent, setSent] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new error (its seq) is what frees the buttons
  useEffect(() => setSent(null), [errorSeq, poll.id]);
  const guest = !me;
  const showBars = guest || myVote !== null || left === 0;
  const titleId = `chat-poll-${poll.id}`;
  return (
    <section className="chat-poll" aria-labelledby={titleId}>
      <p className="chat-poll-head">
        <span className="chat-poll-label">{t('chat.poll.label')}</span>
        <span className="chat-poll-by">{t('chat.poll.by', { nickname: poll.by.nickname })}</span>
      </p>
      <h3 id={titleId} className="chat-poll-question">
        {poll.question}
      </h3>
      {showBars ? (
        <PollBars poll={poll} myVote={myVote} />
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a group of choice buttons named by the question
        <div className="chat-poll-choices" role="group" aria-labelledby={titleId}>
          {poll.options.map((option, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: options are fixed for the poll's life and are its order
              key={i}
              type="button"
              className="btn chat-poll-choice"
              disabled={sent !== null}
              aria-label={t('chat.poll.vote', { option })}
              onClick={() => onVote(poll.id, i) && setSent(i)}
            >
              {option}
            </button>
          ))}
        </div>
      )}
      <p className="chat-poll-meta">
        <span>{left > 0 ? t('chat.poll.timeLeft', { time: formatDuration(left) }) : t('chat.poll.closing')}</span>
        <span>{votesText(t, poll.total, locale)}</span>
      </p>
      {(guest || mayRunPollsAs(me)) && (
        <p className="chat-poll-actions">
          {guest && (
            <button type="button" className="btn btn-small btn-primary" onClick={onSignIn}>
              {t('chat.poll.signIn')}
            </button>
          )}
          {mayRunPollsAs(me) && (
            <button type="button" className="btn btn-small" onClick={() => onEnd(poll.id)}>
              {t('chat.poll.end')}
            </button>
          )}
        </p>
      )}
    </section>
  );
}

/** A poll's result, as a line of the chat (and of its replay): the winner(s), each option's share, the total. */
export function PollResultLine({ frame }: { frame: PollEndedFrame }) {
  const t = useT();
  const { locale } = useRouter().props;
  const { poll } = frame;
  const winners = pollWinners(poll).map((i) => poll.options[i]!);
  const verdict = winners.length === 0 ? t('chat.poll.noVotes') : t(winners.length > 1 ? 'chat.poll.tie' : 'chat.poll.winner', { options: winners.join(', ') });
  return (
    <li className="chat-line chat-poll-result">
      <p className="chat-poll-result-title">
        <strong>{t('chat.poll.ended')}</strong> {poll.question}
      </p>
      <PollBars poll={poll} myVote={null} />
      <p className="chat-poll-meta">
        <span>{verdict}</span>
        <span>{votesText(t, poll.total, locale)}</span>
      </p>
    </li>
  );
}

/** The creator's or a manager's form: a question, 2..5 options, a duration; the same rules as the room's (pollDraft). */
export function PollForm({ onStart, onClose }: { onStart: (question: string, options: string[], seconds: number) => boolean; onClose: () => void }) {
  const t = useT();
  const [question, setQuestion] = useState('');
  const [options, setOptions] = useState<string[]>(['', '']);
  const [seconds, setSeconds] = useState<number>(60);
  const [tried, setTried] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);
  const draft = pollDraft({ question, options, seconds });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return setTried(true);
    if (onStart(draft.question, draft.options, draft.seconds)) onClose();
  };
  const setOption = (i: number, value: string) => setOptions((all) => all.map((o, j) => (j === i ? value : o)));
  return (
    <form className="chat-poll-form" method="post" aria-labelledby="chat-poll-form-title" onSubmit={submit} noValidate>
      <h3 id="chat-poll-form-title">{t('chat.poll.formTitle')}</h3>
      <label htmlFor="chat-poll-question">{t('chat.poll.question')}</label>
      <input
        ref={first}
        id="chat-poll-question"
        type="text"
        autoComplete="off"
        maxLength={POLL_LIMITS.question * 2}
        value={question}
        placeholder={t('chat.poll.questionPlaceholder')}
        aria-describedby="chat-poll-rules"
        aria-invalid={tried && !draft ? true : undefined}
        onChange={(e) => setQuestion(e.target.value)}
      />
      {options.map((option, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an option's place is its identity while the form is open
        <div key={i} className="chat-poll-form-option">
          <label htmlFor={`chat-poll-option-${i}`}>{t('chat.poll.option', { n: i + 1 })}</label>
          <input
            id={`chat-poll-option-${i}`}
            type="text"
            autoComplete="off"
            maxLength={POLL_LIMITS.option * 2}
            value={option}
            aria-describedby="chat-poll-rules"
            onChange={(e) => setOption(i, e.target.value)}
          />
          {options.length > POLL_LIMITS.minOptions && (
            <button type="button" className="btn btn-small btn-ghost" aria-label={t('chat.poll.removeOption', { n: i + 1 })} onClick={() => setOptions((all) => all.filter((_, j) => j !== i))}>
              ×
            </button>
          )}
        </div>
      ))}
      {options.length < POLL_LIMITS.maxOptions && (
        <button type="button" className="btn btn-small" onClick={() => setOptions((all) => [...all, ''])}>
          {t('chat.poll.addOption')}
        </button>
      )}
      <label htmlFor="chat-poll-duration">{t('chat.poll.duration')}</label>
      <select id="chat-poll-duration" value={seconds} onChange={(e) => setSeconds(Number(e.target.value))}>
        {POLL_DURATIONS.map((d) => (
          <option key={d} value={d}>
            {t(`chat.poll.durations.${d}`)}
          </option>
        ))}
      </select>
      <p id="chat-poll-rules" className="chat-poll-rules" data-invalid={tried && !draft ? true : undefined} role={tried && !draft ? 'alert' : undefined}>
        {t('chat.poll.rules', { question: POLL_LIMITS.question, option: POLL_LIMITS.option })}
      </p>
      <p className="chat-poll-actions">
        <button type="submit" className="btn btn-small btn-primary">
          {t('chat.poll.start')}
        </button>
        <button type="button" className="btn btn-small btn-ghost" onClick={onClose}>
          {t('chat.poll.cancel')}
        </button>
      </p>
    </form>
  );
}
