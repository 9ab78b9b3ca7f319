// Sign-up (domestic and foreigner): the form's rules checked again, then what only the server can prove. Identity
// verification is skipped only for a registered partner: a partner_code cookie that names a row of `partners`, or a
// partner's server calling with its key. Every client (its address as Cloudflare saw it) makes at most
// MAX_CLIENT_SIGNUPS accounts per SIGNUP_WINDOW_MS, counted exactly in D1 (the sign-in limit's table and upsert).
import { M, domesticRules, foreignerRules, personName, stripSpaces } from '../../shared/account-rules';
import type { SignupRequest } from '../../shared/account-api';
import { hashPassword } from '../../lib/crypto';
import { Refusal } from '../../lib/errors';
import { isProductionEnv } from '../../shared/environment';
import { findMemberByLoginId, insertMemberStatement, loginIdTaken, markLoggedIn, nicknameTaken, returnClientLoginAttempt, takeClientLoginAttempt, type MemberRow } from '../../db/members';
import { linkAspMemberStatement } from '../../db/asp';
import { findPartner } from '../../db/partners';
import { deviceType } from '../../shared/device';
import { accountRefusal, findRecommender } from './accounts';
import { provenAspUser, type AspClaim } from './asp';
import { consumePhoneToken } from './phone';
import { consumeIdentity, isAdult } from './identity';
import { isConflict } from '../../db/conflict';

/** Accounts one client address may create per window: generous for a household or office behind one address. */
export const MAX_CLIENT_SIGNUPS = 10;
export const SIGNUP_WINDOW_MS = 60 * 60_000;
/**
 * Outside production every caller counts as one client (src/lib/client-address.ts), so there the allowance is the
 * whole test run's; the production one is what the security sweep holds.
 */
const UNVERIFIED_CLIENT_SIGNUPS = 1_000;

/** Sign-up slots share login_client_attempts with the sign-in limit, under their own key. */
const signupSlotKey = (clientKey: string) => `signup:${clientKey}`;

export interface SignupContext {
  environment: string | undefined;
  /** The per-client limit's key (clientLimitKey). */
  clientKey: string;
  partnerCookie: string | null;
  /** The Worker's signing secret (partner sign-up tokens). */
  secret: string;
  /** The partner's key when its server makes the call (X-Asp-Key). */
  aspKey?: string;
}

function firstError(checks: Array<[string, string | null]>): void {
  for (const [field, error] of checks) if (error) throw accountRefusal(400, error, field);
}

/** The foreigner form sends the nickname URL-encoded: decoded exactly once here (a literal % arrives as %25). */
function foreignerNickname(encoded: string): string {
  try {
    return stripSpaces(decodeURIComponent(encoded));
  } catch {
    throw accountRefusal(400, M.nicknameEncoding, 'nickname');
  }
}

/** Whose sign-up slots a sign-up takes: the client's, under this environment's allowance. */
export type SignupClient = Pick<SignupContext, 'environment' | 'clientKey'>;

/**
 * Take one of the client's sign-up slots, run `create`, and give the slot back when it refuses: the count is of
 * accounts made (and sign-ups under way), so simultaneous sign-ups never get past the limit. Password and social
 * sign-ups share the slots, so a script alternating between them gets no more accounts than either alone.
 */
export async function withSignupSlot<T>(db: D1Database, context: SignupClient, create: () => Promise<T>): Promise<T> {
  const key = signupSlotKey(context.clientKey);
  const limit = isProductionEnv(context.environment) ? MAX_CLIENT_SIGNUPS : UNVERIFIED_CLIENT_SIGNUPS;
  if ((await takeClientLoginAttempt(db, key, Date.now(), SIGNUP_WINDOW_MS)) > limit) {
    await returnClientLoginAttempt(db, key);
    throw accountRefusal(429, M.tooManySignups);
  }
  try {
    return await create();
  } catch (err) {
    await returnClientLoginAttempt(db, key);
    throw err;
  }
}

/** Create a member after the same checks the form makes, plus what only the server can prove. Logged in by the caller. */
export async function signUp(db: D1Database, input: SignupRequest, context: SignupContext): Promise<MemberRow> {
  const loginId = stripSpaces(input.loginId);
  const nickname = input.isForeigner ? foreignerNickname(input.nickname) : stripSpaces(input.nickname);
  const rules = input.isForeigner ? foreignerRules : domesticRules;
  firstError([
    ['loginId', input.isForeigner ? foreignerRules.id(loginId) : domesticRules.loginId(loginId)],
    ['password', rules.password(input.password)],
    ['nickname', rules.nickname(nickname)],
  ]);
  if (input.isForeigner) {
    firstError([
      ['birthday', foreignerRules.birthday(input.birthday ?? '')],
      ['name', foreignerRules.name(input.name ?? '')],
      ['gender', foreignerRules.gender(input.gender ?? '')],
    ]);
  }
  const claim: AspClaim = { aspCode: input.aspCode, userkey: input.userkey, aspToken: input.aspToken, key: context.aspKey };
  const asp = await provenAspUser(db, context.secret, claim);
  // A partner's server that signs its user up with its key attests the consent it recorded (docs/product/accounts.md, consent given at a partner).
  const termsBy = input.terms === undefined && asp?.byKey ? asp.partnerCode : null;
  if (input.terms !== true && input.terms !== 'essential' && !termsBy) throw accountRefusal(400, M.termsRequired, 'terms');
  // A partner's server signs up many people from its one address; its key makes it accountable instead.
  if (asp?.byKey) return createMember(db, input, { loginId, nickname, asp, termsBy, partnerCookie: context.partnerCookie });
  return withSignupSlot(db, context, () => createMember(db, input, { loginId, nickname, asp, termsBy, partnerCookie: context.partnerCookie }));
}

interface Checked {
  loginId: string;
  nickname: string;
  asp: Awaited<ReturnType<typeof provenAspUser>>;
  termsBy: string | null;
  partnerCookie: string | null;
}

async function createMember(db: D1Database, input: SignupRequest, { loginId, nickname, asp, termsBy, partnerCookie }: Checked): Promise<MemberRow> {
  if (await loginIdTaken(db, loginId)) throw accountRefusal(409, M.idTaken, 'loginId');
  if (await nicknameTaken(db, nickname)) throw accountRefusal(409, M.nicknameTaken, 'nickname');

  let recommenderId: number | null = null;
  if (input.recommendId) {
    const recommender = await findRecommender(db, input.recommendId, loginId);
    if (recommender === 'notfound') throw accountRefusal(400, M.recommenderNotFound, 'recommendId');
    if (recommender === 'overlap') throw accountRefusal(400, M.recommenderOverlap, 'recommendId');
    recommenderId = (await findMemberByLoginId(db, recommender))!.id;
  }
  // Only a code in `partners` counts: the cookie is whatever the client wrote.
  const cookiePartner = partnerCookie ? await findPartner(db, partnerCookie) : null;
  const bodyPartner = !cookiePartner && input.partnerCode ? await findPartner(db, input.partnerCode) : null;
  const partnerCode = asp?.partnerCode ?? cookiePartner?.code ?? bodyPartner?.code ?? null;

  let person: { name: string | null; birthday: string | null; gender: 'M' | 'F' | null; phone: string | null; countryCode: string | null; verified: boolean; ci?: string | null };
  if (input.isForeigner) {
    const phone = stripSpaces(input.phone ?? '');
    const countryCode = input.phoneVerificationToken ? await consumePhoneToken(db, stripSpaces(input.countryCode ?? ''), phone, input.phoneVerificationToken) : null;
    if (!countryCode) throw accountRefusal(400, M.phoneNotVerified, 'phone');
    person = { name: personName(input.name!), birthday: input.birthday!, gender: input.gender!, phone, countryCode, verified: false };
  } else if (input.authKey) {
    const identity = await consumeIdentity(db, input.authKey, 'personal-signup');
    if (!identity) throw accountRefusal(400, M.identityRequired, 'authKey');
    person = { name: identity.name, birthday: identity.birthday, gender: identity.gender, phone: identity.phone, countryCode: '82', verified: true, ci: identity.ci ?? null };
  } else if (cookiePartner || asp?.byKey) {
    person = { name: input.name ? personName(input.name) : null, birthday: null, gender: null, phone: null, countryCode: null, verified: false };
  } else {
    throw accountRefusal(400, M.identityRequired, 'authKey');
  }

  const insert = insertMemberStatement(db, {
    loginId,
    nickname,
    passwordHash: await hashPassword(input.password),
    name: person.name,
    isForeigner: input.isForeigner,
    identityVerified: person.verified,
    adult: person.verified && person.birthday ? isAdult(person.birthday) : false,
    birthday: person.birthday,
    gender: person.gender,
    phone: person.phone,
    countryCode: person.countryCode,
    partnerCode,
    recommenderId,
    marketingAgreed: input.terms === true,
    device: deviceType(input.device),
    ci: person.ci ?? null,
    termsBy,
  });
  const batch = asp ? [insert, linkAspMemberStatement(db, asp.partnerCode, asp.userkey, loginId)] : [insert];
  const [inserted] = await db.batch(batch).catch((err: unknown) => {
    // The binding's primary key: the same partner user signed up twice at once. Nothing of this batch stayed.
    if (asp && isConflict(err, 'unique')) throw new Refusal(409, 'ASP_USER_TAKEN', 'validation.signup.aspTaken');
    throw err;
  });
  const id = (inserted?.results[0] as { id: number } | undefined)?.id;
  if (id === undefined) throw accountRefusal(409, (await loginIdTaken(db, loginId)) ? M.idTaken : M.nicknameTaken);
  await markLoggedIn(db, id, Date.now());
  return (await findMemberByLoginId(db, loginId))!;
}
