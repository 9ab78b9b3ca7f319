import type { GiftEvent } from '../../realtime/chat-state';
import { type Translate, useT } from '../../i18n/i18n';
import { useCurrency } from './currency';
import { GiftIcon } from './GiftIcon';

/** The giver's name in the room: a member who chose not to be shown as a supporter comes with none. */
export const giverName = (t: Translate, from: GiftEvent['from']) => from?.nickname ?? t('settings.anonymousSupporter');

/**
 * The picture of a gift over the chat, for everyone in the room: who, how much (in the brand's
 * currency) and their message. Hidden from screen readers: the chat log's line announces the same gift
 * politely. It rises and fades; with reduced motion it stands still for the same time (chat.css).
 */
export function GiftBanner({ frame }: { frame: Extract<GiftEvent, { kind: 'gift' }> }) {
  const t = useT();
  const { luv } = useCurrency();
  return (
    <div className="chat-effect chat-effect-gift gift-banner" data-effect="gift">
      <span className="chat-effect-icon" aria-hidden="true">
        <GiftIcon size={28} />
      </span>
      <span className="gift-banner-text">
        <span className="gift-banner-title">{t('giftEffect.banner', { nickname: giverName(t, frame.from), ...luv(frame.amount) })}</span>
        {frame.message && <span className="gift-banner-message">“{frame.message}”</span>}
      </span>
    </div>
  );
}
