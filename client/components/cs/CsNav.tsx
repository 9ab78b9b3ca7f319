import type { PageProps } from '../../../src/shared/page-props';
import { CS_PATHS } from '../../../src/shared/cs-rules';
import { useT } from '../../i18n/i18n';

const LINKS = [
  { href: CS_PATHS.notices, key: 'cs.notices' },
  { href: CS_PATHS.developNotices, key: 'cs.developNotices' },
  { href: CS_PATHS.guides, key: 'cs.guides' },
  { href: CS_PATHS.inquiries, key: 'cs.desk.inquiries' },
  { href: CS_PATHS.reports, key: 'cs.desk.reports' },
  { href: CS_PATHS.accountChange, key: 'cs.desk.account-change' },
] as const;

/** The customer service menu; the current page is marked. */
export function CsNav({ props }: { props: PageProps }) {
  const t = useT();
  return (
    <nav className="cs-nav" aria-label={t('cs.title')}>
      <ul>
        {LINKS.map((link) => (
          <li key={link.href}>
            <a href={link.href} aria-current={props.path === link.href ? 'page' : undefined}>
              {t(link.key)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Plain text shown as paragraphs, one per line (never markup). */
export function Paragraphs({ text }: { text: string }) {
  const lines = text.split('\n');
  return (
    <div className="cs-text">
      {lines.map((line, i) =>
        line.trim() ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one fixed text, in order
          <p key={i}>{line}</p>
        ) : null,
      )}
    </div>
  );
}
