// The sign-in, sign-up, find-ID, identity and expiry pages' data: what each page's loader (src/pages/pages.ts,
// src/pages/member-pages.ts) puts in `data`, read back by its page under client/pages/.
import type { SocialProvider } from './social';

/** /signin. */
export interface SignInPageData {
  title: string;
  /** The same-site path to go on to; null when none was asked, or the one asked led off the site. */
  callbackURL: string | null;
  /** A callbackURL was asked and refused (the page says so). */
  invalidCallback: boolean;
  /** The login ID the member asked the browser to remember (a cookie). */
  savedLoginId: string | null;
  /** The social buttons the channel settings enable; none when they could not be read. */
  socialProviders: SocialProvider[];
}

/** /signup and /signup/foreigner. */
export interface SignupPageData {
  title: string;
  callbackURL: string | null;
  /** A partner_code cookie: identity verification is not asked. */
  partnerCode: string | null;
  /** Off for a brand without foreigner sign-up, and for the partner toptoon. */
  showForeignerTab: boolean;
}

/** /completed/signup. */
export interface CompletedSignupPageData {
  title: string;
  callbackURL: string | null;
}

/** /completed/signup/marketing: the partner whose code the new member came with. */
export interface CompletedSignupMarketingPageData {
  title: string;
  partnerCode: string;
  partnerName: string;
}

/** /member/find/findId: the tab shown (foreign members' only where the brand has foreigner sign-up). */
export interface FindIdPageData {
  title: string;
  showForeigner: boolean;
  member: 'domestic' | 'foreigner';
}

/**
 * The identity page: at /my/personal-auth the development provider's form for a session; where NICE sends the
 * person back, its checked answer (the authKey, or why it was refused).
 */
export type PersonalAuthPageData =
  | { title: string; provider: 'niceId' | 'internal'; type: string; loginId: string | null; session: string }
  | { title: string; provider: 'niceId'; authKey: string }
  | { title: string; provider: 'niceId'; failure: string };

/** /signin/expire. */
export interface ExpirePageData {
  title: string;
  /** The dormant account's login ID, from the sign-in that was refused; null asks for it. */
  loginId: string | null;
}
