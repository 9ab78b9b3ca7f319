import type { ReactNode } from 'react';
import type { ListResponse } from '../../../src/shared/paging';
import { useT } from '../../i18n/i18n';

/** A staff list's table, captioned, in a region that scrolls sideways on a narrow screen (and takes focus to do so). */
export function StaffTable({ captionId, caption, children }: { captionId: string; caption: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways must take focus, so the keyboard can scroll it
    <section className="staff-table-scroll" aria-labelledby={captionId} tabIndex={0}>
      <table className="staff-table">
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </section>
  );
}

/** Previous and next links under a staff list that has more than one page; `href` makes a page's address from its offset. */
export function StaffPaging({ list, href }: { list: ListResponse<unknown>; href: (offset: number) => string }) {
  const t = useT();
  if (list.total <= list.limit) return null;
  return (
    <nav className="staff-paging" aria-label={t('payouts.staff.paging')}>
      {list.offset > 0 && <a href={href(Math.max(0, list.offset - list.limit))}>{t('payouts.staff.previous')}</a>}
      {list.offset + list.items.length < list.total && <a href={href(list.offset + list.limit)}>{t('payouts.staff.next')}</a>}
    </nav>
  );
}
