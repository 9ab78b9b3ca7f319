import type { AppType } from '../../../src/shared/constants';
import { AlertModal } from './AlertModal';
import { MembersOnlyModal } from './MembersOnlyModal';
import { SessionExpiredModal } from './SessionExpiredModal';
import { InboxListener } from '../../inbox/use-inbox';

/**
 * The app-wide modals that open on a signal (an alert, members only, session expired), and a member's inbox
 * listener (the header's unread badge): one chunk, loaded after hydration.
 */
export function GlobalModals({ appType, path, member }: { appType: AppType; path: string; member: boolean }) {
  return (
    <>
      <AlertModal appType={appType} />
      <MembersOnlyModal path={path} />
      <SessionExpiredModal />
      <InboxListener member={member} />
    </>
  );
}
