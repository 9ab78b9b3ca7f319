import type { SearchChannel } from '../../../src/shared/search-schemas';
import { useT } from '../../i18n/i18n';
import { formatInteger } from '../../lib/format';
import { StreamBadges } from '../watch/StreamCardView';

/** A channel found: its nickname (the link), title, followers, and its live when on air. */
export function SearchChannelItem({ channel, locale }: { channel: SearchChannel; locale: string }) {
  const t = useT();
  return (
    <li className="search-channel">
      <a href={`/channel/${encodeURIComponent(channel.loginId)}`}>{channel.nickname}</a> <StreamBadges live={channel.live !== null} adult={channel.adult} locked={channel.hasPassword} />
      <span className="search-meta">
        {channel.live ? `${channel.live.title} · ${t('search.viewers', { count: formatInteger(channel.live.viewerCount, locale) })}` : channel.title}
        {' · '}
        {t('search.followers', { count: formatInteger(channel.followerCount, locale) })}
      </span>
    </li>
  );
}
