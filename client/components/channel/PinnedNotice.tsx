import type { ChannelNotice } from '../../../src/shared/channel-schemas';
import { useT } from '../../i18n/i18n';
import { NoticeBody } from './NoticeBody';
import { formatDate } from '../../lib/format';

/** The notice its creator pinned, on the channel page itself; its title opens it in the notices tab. */
export function PinnedNotice({ notice, locale, onOpen }: { notice: ChannelNotice; locale: string; onOpen: () => void }) {
  const t = useT();
  return (
    <section className="section pinned-notice" aria-labelledby="pinned-notice-title">
      <h2 id="pinned-notice-title">
        <span className="badge">{t('notice.pinned')}</span>{' '}
        <button type="button" className="notice-link" onClick={onOpen}>
          {notice.title}
        </button>
      </h2>
      <p className="muted">{t('notice.by', { nickname: notice.author?.nickname ?? '', date: formatDate(notice.createdAt, locale) })}</p>
      <NoticeBody notice={notice} />
    </section>
  );
}
