import type { AppType } from '../../../src/shared/constants';
import { AlertModal } from './AlertModal';
import { MembersOnlyModal } from './MembersOnlyModal';
import { SessionExpiredModal } from './SessionExpiredModal';
import { InboxListener } from '../../inbox/use-inbox';
import { RailPortal } from '../follow/FollowingRail';

/**
 * The app-wide modals that open on a signal (an alert, members only, session expired), a member's inbox
 * listener (the header's unread badge) and the rail of their followed channels: one chunk, loaded after hydration.
 */
export function GlobalModals({ appType, path, member, locale }: { appType: AppType; path: string; member: boolean; locale: string }) {
  return (
    <>
      <AlertModal appType={appType} />
      <MembersOnlyModal path={path} />
      <SessionExpiredModal />
      <InboxListener member={member} />
      {member && <RailPortal locale={locale} />}
    </>
  );
}
