// The guest-auth page's data (GET /guest-auth), shared by the edge that renders it and the page.

export type GuestAuthPageData = {
  title: string;
  /** Where "watch now" goes once the pass is given (a same-site path), else home. */
  callbackURL: string | null;
  /** Off: operators switched adult broadcasting off, so no pass is given (the API refuses it too). */
  adultBroadcast: boolean;
};

/** How long a guest's adult pass lasts, in minutes (src/lib/guest-pass.ts holds it in ms). */
export const GUEST_PASS_MINUTES = 60;
