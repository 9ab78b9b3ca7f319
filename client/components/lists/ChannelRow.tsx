import type { MyListKey } from '../../../src/shared/page-props';
import type { ChannelListItem } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';
import { StreamThumb, thumbGateOf } from '../watch/StreamThumb';
import { StreamBadges } from '../watch/StreamCardView';
import { SUBSCRIPTION_STATUS } from '../../../src/shared/subscription-plans';
import { formatDate, formatInteger } from '../../lib/format';
import { useCurrency } from '../gift/currency';

const { subscribed: SUBSCRIBED, unsubscribed: UNSUBSCRIBED, expired: SUBSCRIPTION_EXPIRED, unused: UNUSED, renewalCancelled: RENEWAL_CANCELLED } = SUBSCRIPTION_STATUS;

/** What a subscription row says after its start: when it ends (an unused pass has no start: the row says only that). */
function subscriptionNote(item: ChannelListItem, locale: string, t: ReturnType<typeof useT>): string {
  if (!item.expiresAt) return '';
  const date = formatDate(item.expiresAt, locale);
  if (item.status === RENEWAL_CANCELLED) return ` · ${t('payout.renewal.runsUntil', { date })}`;
  if (item.status === UNSUBSCRIBED) return ` · ${t('subscriptions.manage.unsubscribedUntil', { date })}`;
  return ` · ${t(item.status === SUBSCRIPTION_EXPIRED ? 'lists.SUBSCRIPTIONS_VIEW.expired' : 'lists.SUBSCRIPTIONS_VIEW.expires', { date })}`;
}

/** One channel in a member list: picture, names, live badge, when, its subscription's actions and its delete button. */
export function ChannelRow({
  item,
  list,
  locale,
  busy,
  onDelete,
  onCancelRenewal,
  onUnsubscribe,
  onUsePass,
}: {
  item: ChannelListItem;
  list: MyListKey;
  locale: string;
  busy: boolean;
  onDelete: () => void;
  onCancelRenewal?: () => void;
  onUnsubscribe?: () => void;
  onUsePass?: () => void;
}) {
  const t = useT();
  const { luv } = useCurrency();
  const href = `/channel/${encodeURIComponent(item.creator.loginId)}`;
  return (
    <li className="channel-row">
      <a href={href} className="channel-row-link">
        <StreamThumb url={item.live ? item.live.thumbnailUrl : item.thumbnailUrl} nickname={item.creator.nickname} gate={item.live ? thumbGateOf(item.live) : null} />
        <span className="channel-row-text">
          <span className="channel-row-name">{item.creator.nickname}</span>
          <span className="channel-row-title">{item.live?.title ?? item.title}</span>
          <span className="muted">
            {list === 'SUBSCRIPTIONS_VIEW' && item.status === UNUSED
              ? t('subscriptions.manage.unusedPass', { date: formatDate(item.at, locale) })
              : t(`lists.${list}.at`, { date: formatDate(item.at, locale) })}
            {list === 'GIFT_VIEW' && item.totalAmount !== undefined && ` · ${t('lists.GIFT_VIEW.total', luv(item.totalAmount))}`}
            {list === 'SUBSCRIPTIONS_VIEW' && subscriptionNote(item, locale, t)}
            {list === 'LIKE' && item.live && ` · ${t('follow.viewers', { count: formatInteger(item.live.viewerCount, locale) })}`}
          </span>
        </span>
        {item.live && <StreamBadges live adult={item.live.adult} locked={item.live.hasPassword} />}
      </a>
      {list === 'SUBSCRIPTIONS_VIEW' && onCancelRenewal && item.status === SUBSCRIBED && item.plan === 'monthly' && (
        <button type="button" className="btn btn-small" onClick={onCancelRenewal} disabled={busy} aria-label={`${t('subscriptions.cancelRenewal')}: ${item.creator.nickname}`}>
          {t('subscriptions.cancelRenewal')}
        </button>
      )}
      {list === 'SUBSCRIPTIONS_VIEW' && onUsePass && item.status === UNUSED && (
        <button type="button" className="btn btn-small btn-primary" onClick={onUsePass} disabled={busy} aria-label={`${t('subscriptions.manage.usePass')}: ${item.creator.nickname}`}>
          {t('subscriptions.manage.usePass')}
        </button>
      )}
      {list === 'SUBSCRIPTIONS_VIEW' && onUnsubscribe && (item.status === SUBSCRIBED || item.status === RENEWAL_CANCELLED) && (
        <button type="button" className="btn btn-small" onClick={onUnsubscribe} disabled={busy} aria-label={`${t('subscriptions.manage.unsubscribe')}: ${item.creator.nickname}`}>
          {t('subscriptions.manage.unsubscribe')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-small"
        onClick={onDelete}
        disabled={busy}
        aria-label={t(list === 'LIKE' ? 'follow.unfollowOne' : 'lists.deleteOne', { nickname: item.creator.nickname })}
      >
        {t(list === 'LIKE' ? 'follow.unfollow' : 'lists.delete')}
      </button>
    </li>
  );
}
