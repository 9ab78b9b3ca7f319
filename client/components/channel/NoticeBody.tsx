import type { ChannelNotice } from '../../../src/shared/channel-schemas';
import { useT } from '../../i18n/i18n';

/** A notice's text and images. */
export function NoticeBody({ notice }: { notice: ChannelNotice }) {
  return <RichTextBody body={notice.body} images={notice.images} imageAlt="notice.imageAlt" />;
}

/**
 * Rich text a member wrote (a notice, a board post) and its images. The body is HTML the server sanitized
 * (src/api/services/rich-text.ts: an allowlist with no attribute but a link's href), so it is rendered as it is.
 * `imageAlt` is the locale key naming image n.
 */
export function RichTextBody({ body, images, imageAlt }: { body: string; images: ChannelNotice['images']; imageAlt: string }) {
  const t = useT();
  return (
    <>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server (src/api/services/rich-text.ts) */}
      <div className="notice-body" dangerouslySetInnerHTML={{ __html: body }} />
      {images.length > 0 && (
        <ul className="notice-images">
          {images.map((image, i) => (
            <li key={image.key}>
              <img src={image.url} width={image.width} height={image.height} alt={t(imageAlt, { n: i + 1 })} loading="lazy" decoding="async" />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
