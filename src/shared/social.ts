/** The social-login providers, in the order the login form shows them (Naver, Kakao, Twitch, Google). */
export const SOCIAL_PROVIDERS = ['naver', 'kakao', 'twitch', 'google'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const isSocialProvider = (value: string): value is SocialProvider => (SOCIAL_PROVIDERS as readonly string[]).includes(value);

/** The channel setting (a switch in KV `channeling`) that shows each provider's button. */
export const SOCIAL_SWITCH = { naver: 'isSnsLoginNaver', kakao: 'isSnsLoginKakao', twitch: 'isSnsLoginTwitch', google: 'isSnsLoginGoogle' } as const satisfies Record<SocialProvider, string>;

/** The providers whose switch is on, in the form's order. */
export const enabledSocialProviders = (settings: Partial<Record<(typeof SOCIAL_SWITCH)[SocialProvider], boolean>>): SocialProvider[] =>
  SOCIAL_PROVIDERS.filter((provider) => settings[SOCIAL_SWITCH[provider]] === true);

/**
 * Where the browser starts a social login (an edge route: it sets the transaction cookie and leaves for the
 * provider). A link to a signed-in member starts with a POST to the same path instead (client/data/social.ts).
 */
export const socialStartPath = (provider: SocialProvider, callbackURL: string | null): string => {
  const query = new URLSearchParams();
  if (callbackURL) query.set('callbackURL', callbackURL);
  const search = query.toString();
  return `/callback/${provider}/start${search ? `?${search}` : ''}`;
};

/** The published address each provider sends the person back to. */
export const socialCallbackPath = (provider: SocialProvider): string => `/callback/${provider}/authorize`;

/** The social sign-up page a new person lands on after the provider. */
export const socialSignupPath = (provider: SocialProvider): string => `/signup/social/${provider}`;

/** Where linking and unlinking happen (a section of the member's page). */
export const SOCIAL_ACCOUNT_PATH = '/my/social';

/** The query flag the sign-in page reads after a refused social login. */
export const SOCIAL_ERROR_QUERY = 'socialError';

/** The browser's half of a social-login transaction (HttpOnly, path /callback, 10 minutes). */
export const SOCIAL_TX_COOKIE = 'flx_oauth_tx';
/** The identity ticket of a new person, between the callback and the social sign-up form (HttpOnly, 10 minutes). */
export const SOCIAL_SIGNUP_COOKIE = 'flx_social_signup';
