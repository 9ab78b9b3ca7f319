// The validation rules of the sign-up forms, shared by the forms (on blur, on submit) and the API (which
// checks again and answers the same message). Each rule returns a locale message key or null.

export type Check = string | null;

/** Inputs strip all whitespace. */
export const stripSpaces = (value: string): string => value.replace(/\s+/g, '');

/** A person's name keeps the spaces between its parts ('John Smith'): ends trimmed, runs of whitespace made one space. */
export const personName = (value: string): string => value.trim().replace(/\s+/g, ' ');

export const LIMITS = {
  loginId: { min: 6, max: 15 },
  password: { min: 8, max: 15, foreignerInputMax: 40 },
  nickname: { min: 2, max: 10 },
} as const;

const SPECIALS = '~`!?@#$%^&*()\\-+=';
const NICK_SPECIALS = '~`!@#$%^&*()\\-+=';
const DOMESTIC_ID = /^[A-Za-z0-9]{6,15}$/;
const FOREIGNER_ID = /^(?![0-9]+$)[a-z0-9]{6,15}$/;
const PASSWORD = new RegExp(`^(?=.*[0-9])(?=.*[A-Za-z])(?=.*[${SPECIALS}])[A-Za-z0-9${SPECIALS}]{8,15}$`);
const NICKNAME = new RegExp(`^[가-힣ㄱ-ㅎㅏ-ㅣA-Za-z0-9${NICK_SPECIALS}]{2,10}$`);
const BIRTHDAY = /^\d{4}-\d{2}-\d{2}$/;

export const M = {
  idRequired: 'validation.loginId.required',
  idPattern: 'validation.loginId.pattern',
  idTaken: 'validation.loginId.taken',
  passwordRequired: 'validation.password.required',
  passwordPattern: 'validation.password.pattern',
  passwordMismatch: 'validation.password.mismatch',
  nicknameRequired: 'validation.nickname.required',
  nicknamePattern: 'validation.nickname.pattern',
  nicknameTaken: 'validation.nickname.taken',
  nicknameEncoding: 'validation.signup.nicknameEncoding',
  recommenderNotFound: 'validation.recommender.notfound',
  recommenderOverlap: 'validation.recommender.overlap',
  termsRequired: 'validation.terms.required',
  identityRequired: 'validation.identity.required',
  /** The identity check's authKey is unknown, used or expired: verify again (not a sign-up's message). */
  identityAgain: 'validation.identity.again',
  nameRequired: 'validation.name.required',
  birthdayRequired: 'validation.birthday.required',
  genderRequired: 'validation.gender.required',
  phoneRequired: 'validation.phone.required',
  phoneTooSoon: 'validation.phone.tooSoon',
  captchaIncomplete: 'validation.phone.captchaIncomplete',
  phoneCodeSent: 'validation.phone.sent',
  phoneCodeWrong: 'validation.phone.codeWrong',
  phoneNotVerified: 'validation.phone.notVerified',
  loginFailed: 'auth.errors.invalidCredentials',
  accountBlocked: 'auth.errors.blocked',
  accountDormant: 'auth.errors.dormant',
  identityNeeded: 'auth.errors.identityNeeded',
  expiryAgreement: 'auth.expire.agreementRequired',
  expiryNotFound: 'auth.expire.notFound',
  /** The verified person is not the account's owner (a password reset, a dormant account's wake-up). */
  identityMismatch: 'auth.expire.identityMismatch',
  tooManyAttempts: 'auth.errors.tooManyAttempts',
  tooManySignups: 'validation.signup.tooMany',
  invalidAccess: 'auth.errors.invalidAccess',
  unknownError: 'auth.errors.unknown',
  sessionInvalid: 'auth.errors.sessionInvalid',
} as const;

export const domesticRules = {
  loginId: (v: string): Check => (!v ? M.idRequired : DOMESTIC_ID.test(v) ? null : M.idPattern),
  password: (v: string): Check => (!v ? M.passwordRequired : PASSWORD.test(v) ? null : M.passwordPattern),
  confirmPassword: (v: string, password: string): Check => (!v ? M.passwordRequired : !PASSWORD.test(v) ? M.passwordPattern : v === password ? null : M.passwordMismatch),
  nickname: (v: string): Check => (!v ? M.nicknameRequired : NICKNAME.test(v) ? null : M.nicknamePattern),
};

export const foreignerRules = {
  id: (v: string): Check => (!v.trim() ? M.idRequired : FOREIGNER_ID.test(v.trim()) ? null : M.idPattern),
  password: domesticRules.password,
  confirmPassword: domesticRules.confirmPassword,
  nickname: domesticRules.nickname,
  name: (v: string): Check => (v.trim() ? null : M.nameRequired),
  birthday: (v: string): Check => (BIRTHDAY.test(v) && !Number.isNaN(Date.parse(v)) ? null : M.birthdayRequired),
  gender: (v: string): Check => (v === 'M' || v === 'F' ? null : M.genderRequired),
};

/** The terms checkboxes: all three checked → true; both required → 'essential'; otherwise false. */
export type TermsValue = true | 'essential' | false;
export function termsValue(terms: { service: boolean; privacy: boolean; marketing: boolean }): TermsValue {
  if (terms.service && terms.privacy && terms.marketing) return true;
  if (terms.service && terms.privacy) return 'essential';
  return false;
}

/** Login IDs are shown masked when found by identity verification: ab****yz. */
export function maskLoginId(loginId: string): string {
  if (loginId.length <= 4) return `${loginId[0]}***`;
  return `${loginId.slice(0, 2)}${'*'.repeat(loginId.length - 4)}${loginId.slice(-2)}`;
}
