import type { ChannelInfo } from '../../../src/shared/streams-api';
import { useT } from '../../i18n/i18n';

/** The profile's banner, image and links on the channel page (nothing when the creator set none). */
export function ChannelBanner({ channel }: { channel: ChannelInfo }) {
  const t = useT();
  if (!channel.bannerUrl) return null;
  return <img className="channel-banner" src={channel.bannerUrl} alt={t('channelProfile.bannerAlt', { name: channel.title })} />;
}

export function ChannelAvatar({ channel }: { channel: ChannelInfo }) {
  const t = useT();
  if (!channel.profileImageUrl) return null;
  return <img className="channel-avatar" src={channel.profileImageUrl} width={48} height={48} alt={t('channelProfile.profileAlt', { name: channel.title })} />;
}

export function ChannelLinks({ channel }: { channel: ChannelInfo }) {
  const t = useT();
  if (channel.links.length === 0) return null;
  return (
    <nav aria-label={t('channelProfile.links')}>
      <ul className="channel-links">
        {channel.links.map((link) => (
          <li key={link.url}>
            <a href={link.url} rel="noopener noreferrer nofollow ugc" target="_blank">
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
