import { MAINTENANCE_PATH } from '../../src/shared/constants';

/** A 503 sends the browser to the maintenance page unless it is already there. */
export function redirectToMaintenance(location: { pathname: string; assign(url: string): void }): boolean {
  if (location.pathname === MAINTENANCE_PATH) return false;
  location.assign(MAINTENANCE_PATH);
  return true;
}
