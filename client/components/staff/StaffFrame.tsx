import type { ReactNode } from 'react';
import type { StaffPage } from '../../../src/shared/staff-paths';
import { StaffNav } from './StaffNav';

/**
 * A staff page's frame: for staff (P and O members) the staff nav, the heading and the page; for anyone else (the
 * server answered 403) the heading and `only`, which says the page is staff's.
 */
export function StaffFrame({
  staff,
  current,
  title,
  only,
  className,
  children,
}: {
  staff: boolean | undefined;
  current: StaffPage;
  title: string;
  only: string;
  className: string;
  children: ReactNode;
}) {
  const headingId = `staff-${current}-title`;
  return (
    <section className={staff ? `cs-page ${className}` : 'cs-page'} aria-labelledby={headingId}>
      {staff && <StaffNav current={current} />}
      <h1 id={headingId}>{title}</h1>
      {staff ? children : <p className="empty-state">{only}</p>}
    </section>
  );
}
