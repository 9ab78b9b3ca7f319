// The code of the pages that load on demand, by module: itself a chunk of its own (client/app/pages.ts), so that
// the home page's first load does not carry one import per page.
import type { ReactNode } from 'react';
import type { PageKeysOf, PageModule, PageProps } from '../../src/shared/page-props';

/** Every page module but the two in main.js (client/app/pages.ts): the type-check refuses a page without its loader. */
export type LazyPageModule = Exclude<PageModule, 'HomePage' | 'NoticePage'>;
/** A module's loader, of a component that takes the props of the keys it draws (and no other's). */
type Loader<M extends PageModule> = () => Promise<(page: { props: PageProps<PageKeysOf<M>> }) => ReactNode>;

export const PAGE_LOADERS: { [M in LazyPageModule]: Loader<M> } = {
  SignInPage: () => import('../pages/SignInPage').then((m) => m.SignInPage),
  SignUpPage: () => import('../pages/SignUpPage').then((m) => m.SignUpPage),
  ForeignerSignUpPage: () => import('../pages/ForeignerSignUpPage').then((m) => m.ForeignerSignUpPage),
  SocialSignUpPage: () => import('../pages/SocialSignUpPage').then((m) => m.SocialSignUpPage),
  SocialAccountsPage: () => import('../pages/SocialAccountsPage').then((m) => m.SocialAccountsPage),
  CompletedSignupPage: () => import('../pages/CompletedSignupPage').then((m) => m.CompletedSignupPage),
  CompletedSignupMarketingPage: () => import('../pages/CompletedSignupMarketingPage').then((m) => m.CompletedSignupMarketingPage),
  FindIdPage: () => import('../pages/FindIdPage').then((m) => m.FindIdPage),
  PersonalAuthPage: () => import('../pages/PersonalAuthPage').then((m) => m.PersonalAuthPage),
  ChannelPage: () => import('../pages/ChannelPage').then((m) => m.ChannelPage),
  VodPage: () => import('../pages/VodPage').then((m) => m.VodPage),
  ClipPage: () => import('../pages/ClipPage').then((m) => m.ClipPage),
  MyListPage: () => import('../pages/MyListPage').then((m) => m.MyListPage),
  ThemePage: () => import('../pages/ThemePage').then((m) => m.ThemePage),
  CasterPage: () => import('../pages/CasterPage').then((m) => m.CasterPage),
  LuvPage: () => import('../pages/LuvPage').then((m) => m.LuvPage),
  ShopPage: () => import('../pages/ShopPage').then((m) => m.ShopPage),
  PaymentResultPage: () => import('../pages/PaymentResultPage').then((m) => m.PaymentResultPage),
  PaymentHistoryPage: () => import('../pages/PaymentHistoryPage').then((m) => m.PaymentHistoryPage),
  MessagesPage: () => import('../pages/MessagesPage').then((m) => m.MessagesPage),
  MyPage: () => import('../pages/MyPage').then((m) => m.MyPage),
  CsPage: () => import('../pages/CsPage').then((m) => m.CsPage),
  CsDeskPage: () => import('../pages/CsDeskPage').then((m) => m.CsDeskPage),
  StaffConsolePage: () => import('../pages/StaffConsolePage').then((m) => m.StaffConsolePage),
  StaffCsPage: () => import('../pages/StaffCsPage').then((m) => m.StaffCsPage),
  StaffPayoutsPage: () => import('../pages/StaffPayoutsPage').then((m) => m.StaffPayoutsPage),
  StaffContentPage: () => import('../pages/StaffContentPage').then((m) => m.StaffContentPage),
  StaffClipsPage: () => import('../pages/StaffClipsPage').then((m) => m.StaffClipsPage),
  AgencyInvitesPage: () => import('../pages/AgencyInvitesPage').then((m) => m.AgencyInvitesPage),
  AgencyPage: () => import('../pages/AgencyPage').then((m) => m.AgencyPage),
  ExpirePage: () => import('../pages/ExpirePage').then((m) => m.ExpirePage),
  GuestAuthPage: () => import('../pages/GuestAuthPage').then((m) => m.GuestAuthPage),
  MyListsPage: () => import('../pages/MyListsPage').then((m) => m.MyListsPage),
  SearchPage: () => import('../pages/SearchPage').then((m) => m.SearchPage),
};
