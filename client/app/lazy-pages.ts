import type { PageKey, PageProps } from '../../src/shared/page-props';
import { lazyComponent, type LazyComponent } from './lazy';

export type LazyPage = LazyComponent<{ props: PageProps }>;

const myListPage = lazyComponent(() => import('../pages/MyListPage').then((m) => m.MyListPage));

// Account and watch pages load on demand: their forms must not weigh on the home page's first load.
export const LAZY_PAGES: Partial<Record<PageKey, LazyPage>> = {
  SIGNIN: lazyComponent(() => import('../pages/SignInPage').then((m) => m.SignInPage)),
  SIGNUP: lazyComponent(() => import('../pages/SignUpPage').then((m) => m.SignUpPage)),
  SIGNUP_FOREIGNER: lazyComponent(() => import('../pages/ForeignerSignUpPage').then((m) => m.ForeignerSignUpPage)),
  COMPLETED_SIGNUP: lazyComponent(() => import('../pages/CompletedSignupPage').then((m) => m.CompletedSignupPage)),
  COMPLETED_SIGNUP_MARKETING: lazyComponent(() => import('../pages/CompletedSignupMarketingPage').then((m) => m.CompletedSignupMarketingPage)),
  FIND_ID: lazyComponent(() => import('../pages/FindIdPage').then((m) => m.FindIdPage)),
  PERSONAL_AUTH: lazyComponent(() => import('../pages/PersonalAuthPage').then((m) => m.PersonalAuthPage)),
  // Watch pages: the player, forms and lists stay off the home page's first load.
  CHANNEL: lazyComponent(() => import('../pages/ChannelPage').then((m) => m.ChannelPage)),
  VOD: lazyComponent(() => import('../pages/VodPage').then((m) => m.VodPage)),
  RECENT_VIEW: myListPage,
  SUBSCRIPTIONS_VIEW: myListPage,
  GIFT_VIEW: myListPage,
  THEME: lazyComponent(() => import('../pages/ThemePage').then((m) => m.ThemePage)),
  CASTER: lazyComponent(() => import('../pages/CasterPage').then((m) => m.CasterPage)),
};

/**
 * Load a page's code before it renders: main.tsx before hydrating, the router before showing it.
 * Pages are therefore never suspended in the browser, and need no Suspense boundary — which they must
 * not have: React streams a boundary's content out of line when the document is large, so the form
 * would appear (and hydrate) late.
 */
export function preloadPage(key: PageKey): Promise<unknown> {
  return LAZY_PAGES[key]?.preload() ?? Promise.resolve();
}
