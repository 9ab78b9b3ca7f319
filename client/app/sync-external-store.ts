// swr imports `use-sync-external-store/shim`, a fallback for React before 18; React 19 has the hook itself, so the
// browser bundle takes it from React (scripts/build-client.mjs aliases the shim here): 0.4 KB less on every page.
export { useSyncExternalStore } from 'react';
