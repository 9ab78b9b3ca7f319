import type { PublicBrand } from './brand-schema';
import type { MeDto } from './account-schemas';
import type { AppType } from './constants';
import type { ClipDetail } from './clip-schemas';
import type { ChannelProfile } from './channel-schemas';
import type { ReplayStretch } from './chat-replay-schemas';
import type { Locale, Messages } from './locales';
import type { ErrorReportingConfig } from './release';
import type {
  Banner,
  ChannelListItem,
  ChannelPageResponse,
  ChannelSettings,
  ListResponse,
  Logo,
  OwnChannelSettings,
  StreamCard,
  StreamDetail,
  StreamKeyResponse,
  Theme,
  ViewMainResponse,
} from './streams-api';
import type { CompletedSignupMarketingPageData, CompletedSignupPageData, ExpirePageData, FindIdPageData, PersonalAuthPageData, SignInPageData, SignupPageData } from './account-pages';
import type { CsDeskPageData, CsPostPageData, CsPostsPageData, PolicyPageData, StaffCsPageData } from './cs-schemas';
import type { GuestAuthPageData } from './guest-auth';
import type { StaffContentPageData } from './home-content-schemas';
import type { StaffClipsPageData } from './clip-schemas';
import type { MyListsPageData } from './member-lists';
import type { MessagesPageData, MyPageData } from './message-schemas';
import type { StaffPayoutsPageData } from './payout-schemas';
import type { StaffConsolePageData } from './sanction-schemas';
import type { SocialAccountsPageData, SocialSignupPageData } from './social-pages';
import type { SearchResults } from './search-schemas';
import type { SearchTab } from './search';
import type { LuvPageData, PaymentFailData, PaymentsPageData, ShopPageData } from './wallet-pages';

/**
 * Every page the app renders, by its key (HOME, CHANNEL, ...), and the module under
 * client/pages/ that draws it. The client puts each module in main.js or loads it on demand
 * (client/app/pages.ts); the build lists each page's chunks under its key for <link rel="modulepreload">
 * (scripts/build-client.mjs, src/render/preload.ts).
 */
export const PAGES = {
  HOME: 'HomePage',
  MAINTENANCE: 'NoticePage',
  SIGNIN: 'SignInPage',
  SIGNUP: 'SignUpPage',
  SIGNUP_FOREIGNER: 'ForeignerSignUpPage',
  SIGNUP_SOCIAL: 'SocialSignUpPage',
  MY_SOCIAL: 'SocialAccountsPage',
  COMPLETED_SIGNUP: 'CompletedSignupPage',
  COMPLETED_SIGNUP_MARKETING: 'CompletedSignupMarketingPage',
  FIND_ID: 'FindIdPage',
  PERSONAL_AUTH: 'PersonalAuthPage',
  CHANNEL: 'ChannelPage',
  VOD: 'VodPage',
  CLIP: 'ClipPage',
  RECENT_VIEW: 'MyListPage',
  SUBSCRIPTIONS_VIEW: 'MyListPage',
  GIFT_VIEW: 'MyListPage',
  LIKE: 'MyListPage',
  THEME: 'ThemePage',
  CASTER: 'CasterPage',
  LUV: 'LuvPage',
  SHOP: 'ShopPage',
  SHOP_SUCCESS: 'PaymentResultPage',
  SHOP_FAIL: 'PaymentResultPage',
  PAYMENTS: 'PaymentHistoryPage',
  MESSAGES: 'MessagesPage',
  MY_PAGE: 'MyPage',
  CS_POSTS: 'CsPage',
  CS_POST: 'CsPage',
  POLICY: 'CsPage',
  CS_DESK: 'CsDeskPage',
  STAFF_CONSOLE: 'StaffConsolePage',
  STAFF_CS: 'StaffCsPage',
  STAFF_PAYOUTS: 'StaffPayoutsPage',
  STAFF_CONTENT: 'StaffContentPage',
  STAFF_CLIPS: 'StaffClipsPage',
  AGENCY_INVITES: 'AgencyInvitesPage',
  AGENCY: 'AgencyPage',
  EXPIRE: 'ExpirePage',
  GUEST_AUTH: 'GuestAuthPage',
  MY_LISTS: 'MyListsPage',
  SEARCH: 'SearchPage',
  NOT_FOUND: 'NoticePage',
} as const;
export type PageKey = keyof typeof PAGES;
export type PageModule = (typeof PAGES)[PageKey];
/** The keys whose pages module M draws (most one; the member lists, the notices and customer service several). */
export type PageKeysOf<M extends PageModule> = { [K in PageKey]: (typeof PAGES)[K] extends M ? K : never }[PageKey];

/** The signed-in member as the page sees it (the API's MeDto); null for a guest. */
export type Me = MeDto;

/** Where the shared copy of a member's page leaves its member: each answer writes its own in (src/pages/guest-cache.ts). */
export const MEMBER_SLOT = '\u0000member\u0000';

/** What every page's props carry, whatever the page. */
interface PagePropsBase {
  path: string;
  me: Me | null;
  /**
   * A member's page answered from the copy all members asking the same share: it renders and hydrates with `me`
   * null and the member's places held (the header's), and the member comes in right after hydration
   * (client/app/router.tsx). MEMBER_SLOT only in the shared copy itself, before an answer fills it.
   */
  pendingMe?: Me | typeof MEMBER_SLOT;
  isMobile: boolean;
  appType: AppType;
  appVersion: number | null;
  locale: Locale;
  messages: Messages;
  query: Record<string, string>;
  brand: PublicBrand;
  /** Where the browser reports its errors; null: it reports nothing. */
  errorReporting: ErrorReportingConfig | null;
  /**
   * The build whose code and messages the page names (scripts/build-client.mjs), set on the way to the browser;
   * absent without a build. The client loads a page of another build whole (client/app/router.tsx).
   */
  build?: string;
}

/**
 * Props serialized into the page and read back by the client on hydration: those of page K, whose `data` is
 * what its loader sends (PageDataMap). Without K, any page's: a union that `props.page` narrows.
 */
export type PageProps<K extends PageKey = PageKey> = K extends PageKey ? PagePropsBase & { page: K; data: PageDataMap[K] } : never;

/** What the build's manifest gives a page on its way out: the build's name and the locale's messages module. */
export interface BuildRefs {
  build: string;
  messagesUrl: string;
}

/**
 * Page props as they travel to the browser (the document's props block, an in-app navigation's JSON): the
 * messages by the URL of their module (scripts/build-client.mjs), which the browser fetches once and keeps,
 * instead of 70-120 KB in every answer. Without a build (no module to name) they travel inline, as before.
 */
export type WireProps = DistributiveOmit<PageProps, 'messages'> & ({ messagesUrl: string; messages?: never } | { messages: Messages; messagesUrl?: never });

/** Omit for each member of a union (Omit itself keeps only the keys they share, and loses which data is whose). */
type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

/** The props as the browser gets them: naming the build and the messages' module when there is a build. */
export function toWire(props: PageProps, refs: BuildRefs | null): WireProps {
  if (!refs) return props;
  const { messages: _inline, ...rest } = props;
  return { ...rest, build: refs.build, messagesUrl: refs.messagesUrl };
}

// ---- Pages' data: what each page's loader (src/pages/) puts in `data`, read back by its page under client/pages/.

/**
 * The data of a page whose loader may fail (loadPageData, src/pages/load.ts: the page then renders with what the
 * route sets itself, and loads the rest in the browser or says it could not): all of T, or only T's `Kept` fields
 * with every other one absent. A page reads those as T's type or undefined; a field T lacks is still an error.
 */
export type MaybeLoaded<T, Kept extends keyof T = never> = T | (Pick<T, Kept> & { [P in Exclude<keyof T, Kept>]?: undefined });

/** A page whose data is only its title (the notices; pages that fetch their own data after hydration). */
export interface TitleData {
  title: string;
}

/** The device value view-main and themes take (the API's DEVICES), the same on server and client. */
export function viewDevice(props: Pick<PagePropsBase, 'appType' | 'isMobile'>): 'APP' | 'MOBILE_WEB' | 'PC' {
  return props.appType === 'embedded' ? 'APP' : props.isMobile ? 'MOBILE_WEB' : 'PC';
}

/** `now` is the server's clock at render: times shown relative to it hydrate without a mismatch. */
export interface HomeData {
  now: number;
  /** null when view-main failed (the page still renders, empty). */
  viewMain: ViewMainResponse | null;
  newBanners: Banner[];
  logos: Logo[];
  /**
   * viewMain is what every guest gets (the edge cache's shared copy, src/pages/guest-cache.ts), for a
   * member too: their own suggestions and recently watched come after hydration (client/data/use-view-main.ts).
   */
  viewMainIsShared?: boolean;
}

export interface ChannelData {
  title: string;
  loginId: string;
  channelPage: ChannelPageResponse;
  now: number;
  /**
   * The channel settings as GET /api/guest/channeling-switching answers them (the client's SWR data
   * for that key starts from here); null when they could not be read.
   */
  settings: ChannelSettings | null;
}

export interface VodData {
  title: string;
  stream: StreamDetail;
  /** Our own recordings: its chat replay at its start (the page shows it before it hydrates). */
  replayStart?: ReplayStretch | null;
}

/** A clip's page: the clip with what this viewer may do with it. */
export interface ClipData {
  title: string;
  clip: ClipDetail;
  /** The clip's address on this site, to share. */
  shareUrl: string;
}

/** The member lists share one page: recently watched (played), gifted (present), subscriptions, followed (LIKE). */
export const MY_LISTS = {
  RECENT_VIEW: { path: '/my/recent', api: '/api/my/streams/played' },
  SUBSCRIPTIONS_VIEW: { path: '/my/subscriptions', api: '/api/my/streams/subscriptions' },
  GIFT_VIEW: { path: '/my/gifts', api: '/api/my/streams/present' },
  LIKE: { path: '/my/following', api: '/api/my/streams/following' },
} as const;
export type MyListKey = keyof typeof MY_LISTS;

export interface MyListData {
  title: string;
  list: ListResponse<ChannelListItem>;
  now: number;
}

export interface ThemeData {
  title: string;
  code: string;
  themes: Theme[];
  lives: StreamCard[];
  now: number;
}

/** The search results (/search?q=&tab=): null results while there are no words, or words out of bounds (problem). */
export interface SearchPageData {
  title: string;
  q: string;
  tab: SearchTab;
  results: SearchResults | null;
  /** What to change in the words, in the viewer's language; null when they were fine. */
  problem: string | null;
  /** The server's clock, for the lives' time on air. */
  now: number;
}

/** The creator studio: the channel's key (null: no channel yet), where the site is, and the theme list. */
export interface CasterData {
  title: string;
  channel: StreamKeyResponse | null;
  /** The channel's own settings (GET /api/my/channel/settings); null without a channel or when unavailable. */
  settings: OwnChannelSettings | null;
  /** The channel's profile (GET /api/my/channel/profile), so its form is in the first paint; null without a channel or when unavailable. */
  profile: ChannelProfile | null;
  origin: string;
  themes: Theme[];
}

/** Each page's data, by key: what its loader must send and all its page may read. */
export interface PageDataMap {
  HOME: MaybeLoaded<HomeData>;
  MAINTENANCE: TitleData;
  SIGNIN: SignInPageData;
  SIGNUP: SignupPageData;
  SIGNUP_FOREIGNER: SignupPageData;
  SIGNUP_SOCIAL: SocialSignupPageData;
  MY_SOCIAL: SocialAccountsPageData;
  COMPLETED_SIGNUP: CompletedSignupPageData;
  COMPLETED_SIGNUP_MARKETING: CompletedSignupMarketingPageData;
  FIND_ID: FindIdPageData;
  PERSONAL_AUTH: PersonalAuthPageData;
  CHANNEL: MaybeLoaded<ChannelData, 'title' | 'loginId'>;
  VOD: MaybeLoaded<VodData, 'title'>;
  CLIP: MaybeLoaded<ClipData, 'title'>;
  RECENT_VIEW: MaybeLoaded<MyListData, 'title'>;
  SUBSCRIPTIONS_VIEW: MaybeLoaded<MyListData, 'title'>;
  GIFT_VIEW: MaybeLoaded<MyListData, 'title'>;
  LIKE: MaybeLoaded<MyListData, 'title'>;
  THEME: MaybeLoaded<ThemeData, 'title' | 'code'>;
  SEARCH: MaybeLoaded<SearchPageData, 'title' | 'q' | 'tab' | 'now'>;
  CASTER: MaybeLoaded<CasterData, 'title'>;
  LUV: MaybeLoaded<LuvPageData, 'title'>;
  SHOP: MaybeLoaded<ShopPageData, 'title'>;
  SHOP_SUCCESS: TitleData;
  SHOP_FAIL: MaybeLoaded<PaymentFailData, 'title'>;
  PAYMENTS: MaybeLoaded<PaymentsPageData, 'title'>;
  MESSAGES: MaybeLoaded<MessagesPageData, 'title'>;
  MY_PAGE: MaybeLoaded<MyPageData, 'title'>;
  CS_POSTS: MaybeLoaded<CsPostsPageData, 'title' | 'kind' | 'query'>;
  CS_POST: MaybeLoaded<CsPostPageData, 'title'>;
  POLICY: MaybeLoaded<PolicyPageData, 'title'>;
  /** Each view's list is its own optional field; a failed load leaves the title and the view. */
  CS_DESK: CsDeskPageData;
  STAFF_CONSOLE: MaybeLoaded<StaffConsolePageData, 'title' | 'query'>;
  STAFF_CS: MaybeLoaded<StaffCsPageData, 'title'>;
  STAFF_PAYOUTS: MaybeLoaded<StaffPayoutsPageData, 'title' | 'filter'>;
  STAFF_CONTENT: MaybeLoaded<StaffContentPageData, 'title'>;
  STAFF_CLIPS: MaybeLoaded<StaffClipsPageData, 'title' | 'query'>;
  AGENCY_INVITES: TitleData;
  AGENCY: TitleData;
  EXPIRE: ExpirePageData;
  GUEST_AUTH: GuestAuthPageData;
  MY_LISTS: MyListsPageData;
  NOT_FOUND: TitleData;
}
