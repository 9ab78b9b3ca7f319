import type { MyListKey } from '../../../src/shared/page-props';
import type { ChannelListItem } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { StreamThumb, thumbGateOf } from '../watch/StreamThumb';
import { StreamBadges } from '../watch/StreamCardView';
import { formatCount } from '../watch/time';
import { formatDate } from '../watch/format-date';

/** SPEC §4 subscription status 1, 3 and 5. */
const SUBSCRIBED = 1;
const SUBSCRIPTION_EXPIRED = 3;
const RENEWAL_CANCELLED = 5;

/** One channel in a member list: picture, names, live badge, when, and its delete button. */
export function ChannelRow({
  item,
  list,
  locale,
  currency,
  busy,
  onDelete,
  onCancelRenewal,
}: {
  item: ChannelListItem;
  list: MyListKey;
  locale: string;
  currency: string;
  busy: boolean;
  onDelete: () => void;
  onCancelRenewal?: () => void;
}) {
  const t = useT();
  const href = `/channel/${encodeURIComponent(item.creator.loginId)}`;
  return (
    <li className="channel-row">
      <a href={href} className="channel-row-link">
        <StreamThumb url={item.live ? item.live.thumbnailUrl : item.thumbnailUrl} nickname={item.creator.nickname} gate={item.live ? thumbGateOf(item.live) : null} />
        <span className="channel-row-text">
          <span className="channel-row-name">{item.creator.nickname}</span>
          <span className="channel-row-title">{item.live?.title ?? item.title}</span>
          <span className="muted">
            {t(`lists.${list}.at`, { date: formatDate(item.at, locale) })}
            {list === 'GIFT_VIEW' && item.totalAmount !== undefined && ` · ${t('lists.GIFT_VIEW.total', { amount: formatCount(item.totalAmount, locale), currency })}`}
            {list === 'SUBSCRIPTIONS_VIEW' && item.expiresAt
              ? ` · ${
                  item.status === RENEWAL_CANCELLED
                    ? t('payout.renewal.runsUntil', { date: formatDate(item.expiresAt, locale) })
                    : t(item.status === SUBSCRIPTION_EXPIRED ? 'lists.SUBSCRIPTIONS_VIEW.expired' : 'lists.SUBSCRIPTIONS_VIEW.expires', { date: formatDate(item.expiresAt, locale) })
                }`
              : ''}
          </span>
        </span>
        {item.live && <StreamBadges live adult={item.live.adult} locked={item.live.hasPassword} />}
      </a>
      {list === 'SUBSCRIPTIONS_VIEW' && onCancelRenewal && item.status === SUBSCRIBED && item.plan === 'monthly' && (
        <button type="button" className="btn btn-small" onClick={onCancelRenewal} disabled={busy} aria-label={`${t('subscriptions.cancelRenewal')}: ${item.creator.nickname}`}>
          {t('subscriptions.cancelRenewal')}
        </button>
      )}
      <button type="button" className="btn btn-small" onClick={onDelete} disabled={busy} aria-label={t('lists.deleteOne', { nickname: item.creator.nickname })}>
        {t('lists.delete')}
      </button>
    </li>
  );
}
