import { useEffect, useMemo, useRef, useState } from 'react';
import type { Emoji } from '../../../src/shared/emoji-schemas';
import { useT } from '../../i18n/i18n';
import { apiKey, call } from '../../data/api';
import { useFailureWords } from '../../data/use-mutation';
import { useApi } from '../../data/use-api';

export interface EmojiPickerProps {
  channelId: number;
  member: boolean;
  onPick: (code: string) => void;
  onClose: () => void;
}

export const emojiListKey = (channelId: number) => apiKey('/api/guest/show-all-emoji', { query: { option: channelId, limit: 100 } });

/**
 * The chat's emoji picker (its own chunk, fetched when the button is first pointed at or pressed): the
 * viewer's favorites first, then the channel's own, then the common set. Each emoji is a button that puts
 * its :code: in the input; a member stars favorites. Escape closes it and gives focus back to its button.
 */
export function EmojiPicker({ channelId, member, onPick, onClose }: EmojiPickerProps) {
  const t = useT();
  const words = useFailureWords();
  const { data, error, mutate } = useApi(emojiListKey(channelId));
  const [query, setQuery] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => search.current?.focus(), []);

  const groups = useMemo(() => {
    const q = query.trim().toLowerCase();
    const items = (data?.items ?? []).filter((e) => !q || e.code.includes(q) || e.title.toLowerCase().includes(q));
    return [
      { id: 'favorites', label: t('emoji.picker.favorites'), items: items.filter((e) => e.favorite) },
      { id: 'channel', label: t('emoji.picker.channel'), items: items.filter((e) => !e.favorite && e.channelId !== null) },
      { id: 'common', label: t('emoji.picker.common'), items: items.filter((e) => !e.favorite && e.channelId === null) },
    ].filter((g) => g.items.length > 0);
  }, [data, query, t]);

  const toggleFavorite = async (emoji: Emoji) => {
    if (!data?.memberId) return;
    const done = await call('POST', '/api/lives/change-favorite-emoticon', { json: { memberId: data.memberId, emojiId: emoji.emojiId } });
    setFailure(done.ok ? null : words(done, { fallback: 'emoji.picker.failed' }));
    if (!done.ok) return;
    await mutate();
    // The emoji moved between groups (a new button): the focus follows it.
    requestAnimationFrame(() => document.getElementById(`emoji-star-${emoji.emojiId}`)?.focus());
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a popup group of emoji buttons beside the chat input, not a form
    <div
      id="chat-emoji-picker"
      className="emoji-picker"
      role="group"
      aria-label={t('emoji.picker.title')}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="emoji-picker-head">
        <label htmlFor="emoji-search" className="visually-hidden">
          {t('emoji.picker.search')}
        </label>
        <input
          id="emoji-search"
          ref={search}
          type="search"
          className="emoji-search"
          placeholder={t('emoji.picker.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          autoComplete="off"
        />
        <button type="button" className="btn btn-small btn-ghost" onClick={onClose}>
          {t('emoji.picker.close')}
        </button>
      </div>
      {failure && <p role="alert">{failure}</p>}
      {error ? (
        <p role="alert">{t('emoji.picker.failed')}</p>
      ) : !data ? (
        <p role="status">{t('emoji.picker.loading')}</p>
      ) : groups.length === 0 ? (
        <p>{t('emoji.picker.empty')}</p>
      ) : (
        groups.map((group) => (
          <section key={group.id} aria-labelledby={`emoji-group-${group.id}`}>
            <h3 id={`emoji-group-${group.id}`} className="emoji-group-title">
              {group.label}
            </h3>
            <ul className="emoji-grid">
              {group.items.map((emoji) => (
                <li key={emoji.emojiId} className="emoji-cell">
                  <button type="button" className="emoji-button" title={`:${emoji.code}:`} aria-label={t('emoji.picker.insert', { title: emoji.title })} onClick={() => onPick(emoji.code)}>
                    <img src={emoji.url} alt="" width={32} height={32} loading="lazy" />
                  </button>
                  {member && (
                    <button
                      id={`emoji-star-${emoji.emojiId}`}
                      type="button"
                      className="emoji-star"
                      aria-pressed={emoji.favorite}
                      aria-label={t('emoji.picker.favorite', { title: emoji.title })}
                      onClick={() => toggleFavorite(emoji)}
                    >
                      {emoji.favorite ? '★' : '☆'}
                    </button>
                  )}
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </div>
  );
}
