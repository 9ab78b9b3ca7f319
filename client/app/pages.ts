import type { ReactNode } from 'react';
import { PAGES, type PageKey, type PageModule, type PageProps } from '../../src/shared/page-props';
import { HomePage } from '../pages/HomePage';
import { NoticePage } from '../pages/NoticePage';
import { lazyComponent } from './lazy';

/** A page's component; one that loads on demand can be preloaded. */
export type Page = ((page: { props: PageProps }) => ReactNode) & { preload?: () => Promise<unknown> };

/**
 * The code of each page module (which page keys it draws: PAGES in src/shared/page-props.ts). Home and
 * the notices are in main.js; account and watch pages load on demand: their forms, the player and the
 * lists must not weigh on the home page's first load.
 */
const MODULES: Record<PageModule, Page> = {
  HomePage,
  NoticePage,
  SignInPage: lazyComponent(() => import('../pages/SignInPage').then((m) => m.SignInPage)),
  SignUpPage: lazyComponent(() => import('../pages/SignUpPage').then((m) => m.SignUpPage)),
  ForeignerSignUpPage: lazyComponent(() => import('../pages/ForeignerSignUpPage').then((m) => m.ForeignerSignUpPage)),
  SocialSignUpPage: lazyComponent(() => import('../pages/SocialSignUpPage').then((m) => m.SocialSignUpPage)),
  SocialAccountsPage: lazyComponent(() => import('../pages/SocialAccountsPage').then((m) => m.SocialAccountsPage)),
  CompletedSignupPage: lazyComponent(() => import('../pages/CompletedSignupPage').then((m) => m.CompletedSignupPage)),
  CompletedSignupMarketingPage: lazyComponent(() => import('../pages/CompletedSignupMarketingPage').then((m) => m.CompletedSignupMarketingPage)),
  FindIdPage: lazyComponent(() => import('../pages/FindIdPage').then((m) => m.FindIdPage)),
  PersonalAuthPage: lazyComponent(() => import('../pages/PersonalAuthPage').then((m) => m.PersonalAuthPage)),
  ChannelPage: lazyComponent(() => import('../pages/ChannelPage').then((m) => m.ChannelPage)),
  VodPage: lazyComponent(() => import('../pages/VodPage').then((m) => m.VodPage)),
  MyListPage: lazyComponent(() => import('../pages/MyListPage').then((m) => m.MyListPage)),
  ThemePage: lazyComponent(() => import('../pages/ThemePage').then((m) => m.ThemePage)),
  CasterPage: lazyComponent(() => import('../pages/CasterPage').then((m) => m.CasterPage)),
  LuvPage: lazyComponent(() => import('../pages/LuvPage').then((m) => m.LuvPage)),
  ShopPage: lazyComponent(() => import('../pages/ShopPage').then((m) => m.ShopPage)),
  PaymentResultPage: lazyComponent(() => import('../pages/PaymentResultPage').then((m) => m.PaymentResultPage)),
  PaymentHistoryPage: lazyComponent(() => import('../pages/PaymentHistoryPage').then((m) => m.PaymentHistoryPage)),
  MessagesPage: lazyComponent(() => import('../pages/MessagesPage').then((m) => m.MessagesPage)),
  MyPage: lazyComponent(() => import('../pages/MyPage').then((m) => m.MyPage)),
  CsPage: lazyComponent(() => import('../pages/CsPage').then((m) => m.CsPage)),
  CsDeskPage: lazyComponent(() => import('../pages/CsDeskPage').then((m) => m.CsDeskPage)),
  StaffCsPage: lazyComponent(() => import('../pages/StaffCsPage').then((m) => m.StaffCsPage)),
};

/** The page for a key; the not-found page for a key this code does not know (props from a newer server). */
export function pageFor(key: PageKey): Page {
  return MODULES[PAGES[key] ?? PAGES.NOT_FOUND];
}

/**
 * Load a page's code before it renders: main.tsx before hydrating, the router before showing it.
 * Pages are therefore never suspended in the browser, and need no Suspense boundary — which they must
 * not have: React streams a boundary's content out of line when the document is large, so the form
 * would appear (and hydrate) late.
 */
export function preloadPage(key: PageKey): Promise<unknown> {
  return pageFor(key).preload?.() ?? Promise.resolve();
}
