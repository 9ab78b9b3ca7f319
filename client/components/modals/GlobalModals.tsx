import type { AppType } from '../../../src/shared/constants';
import { AlertModal } from './AlertModal';
import { MembersOnlyModal } from './MembersOnlyModal';
import { SessionExpiredModal } from './SessionExpiredModal';

/** The app-wide modals that open on a signal (an alert, members only, session expired): one chunk, loaded after hydration. */
export function GlobalModals({ appType, path }: { appType: AppType; path: string }) {
  return (
    <>
      <AlertModal appType={appType} />
      <MembersOnlyModal path={path} />
      <SessionExpiredModal />
    </>
  );
}
