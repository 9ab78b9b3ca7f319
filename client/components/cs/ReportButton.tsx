import { useSetAtom } from 'jotai';
import { useState } from 'react';
import type { Me } from '../../../src/shared/page-props';
import { showMembersOnlyAtom } from '../../state/ui';
import { useT } from '../../i18n/i18n';
import { ReportDialog, type ReportTarget } from './ReportDialog';

/**
 * "Report" for a thing on screen (a channel, a member, a board post): a guest is asked to sign in, a
 * member gets the report form. Not shown for one's own things (the caller decides).
 */
export function ReportButton({ target, me, className = 'btn btn-small btn-ghost' }: { target: ReportTarget; me: Me | null; className?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const showMembersOnly = useSetAtom(showMembersOnlyAtom);
  return (
    <>
      <button type="button" className={className} onClick={() => (me ? setOpen(true) : showMembersOnly(true))} aria-haspopup="dialog">
        {t(`cs.report.button.${target.type}`)}
      </button>
      <ReportDialog id={`report-${target.type}-${target.id}`.replace(/[^\w-]/g, '_')} target={open ? target : null} onClose={() => setOpen(false)} />
    </>
  );
}
