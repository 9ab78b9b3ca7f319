import type { ChannelNotice } from '../../../src/shared/channel-schemas';
import { useT } from '../../i18n/i18n';

/**
 * A notice's text and images. The body is HTML the server sanitized (sanitize-html, an allowlist with no
 * attribute but a link's href), so it is rendered as it is.
 */
export function NoticeBody({ notice }: { notice: ChannelNotice }) {
  const t = useT();
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (src/api/services/rich-text.ts) */}
      <div className="notice-body" dangerouslySetInnerHTML={{ __html: notice.body }} />
      {notice.images.length > 0 && (
        <ul className="notice-images">
          {notice.images.map((image, i) => (
            <li key={image.key}>
              <img src={image.url} width={image.width} height={image.height} alt={t('notice.imageAlt', { n: i + 1 })} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
