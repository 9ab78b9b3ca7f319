// Social login and sign-up (docs/product/accounts.md, "Social login"). The browser leaves for the provider with
// a transaction kept here (state, PKCE verifier, nonce, provider, return path, bound to an HttpOnly cookie of
// that browser) and comes back to /callback/<provider>/authorize; the transaction is taken once, the code spent
// once, and the provider's answer verified (src/api/providers/oauth.ts). What comes out is an identity ticket:
// a 10-minute HS256 token of ours naming the verified provider account. It is the `accessToken` of the
// published social sign-in and sign-up calls: a provider's own token is never accepted there.

import { sign, verify } from 'hono/jwt';
import { jwtSecret } from '../config';
import { Refusal } from '../../lib/errors';
import { hashPassword, randomToken, sha256 } from '../../lib/crypto';
import { safeCallbackPath } from '../../shared/callback-url';
import { M, domesticRules, stripSpaces } from '../../shared/account-rules';
import { SOCIAL_ACCOUNT_PATH, socialCallbackPath, type SocialProvider } from '../../shared/social';
import type { SocialSignupRequest, SocialAccounts } from '../../shared/social-schemas';
import { OAuthFailure, isOidc, oauthClient, type SocialIdentity } from '../providers/oauth';
import { deleteIdentityKeepingAWayIn, findIdentity, identitiesOf, insertIdentityForLoginIdStatement, insertIdentityStatement, insertTransaction, spendCode, takeTransaction } from '../../db/social';
import { findMemberById, findMemberByLoginId, findVerifiedMemberByCi, insertMemberStatement, loginIdTaken, markLoggedIn, nicknameTaken, type MemberRow } from '../../db/members';
import { findPartner } from '../../db/partners';
import { accountRefusal, findRecommender, isDormant, signIn } from './accounts';
import { consumeIdentity, isAdult, peekIdentity } from './identity';
import { withSignupSlot, type SignupClient } from './signup';
import { deviceType } from '../../shared/device';

const TRANSACTION_TTL_MS = 10 * 60_000;
const TICKET_TTL_S = 10 * 60;
const TICKET_AUDIENCE = 'flex-live-social';
const TICKET_ISSUER = 'flex-live-api';

const invalidAccess = (code: string) => new Refusal(400, code, 'social.errors.invalidAccess');
const unknownFailure = () => new Refusal(400, 'SOCIAL_FAILED', 'social.errors.unknown');

function clientOf(env: Env, provider: SocialProvider) {
  const client = oauthClient(env, provider);
  if (!client) throw new Refusal(503, 'SOCIAL_UNAVAILABLE', 'social.errors.unavailable');
  return client;
}

/** Where the provider sends the person back: the published /callback/<provider>/authorize on the site they came through. */
export const redirectUriOf = (site: string, provider: SocialProvider): string => `${site}${socialCallbackPath(provider)}`;

export interface BeginInput {
  provider: SocialProvider;
  site: string;
  callbackURL: string | null | undefined;
  intent: 'login' | 'link';
  memberId: number | null;
  /** The random value the edge put in this browser's HttpOnly transaction cookie. */
  binding: string;
}

/** Open a transaction and answer the provider's authorization URL. */
export async function beginSocial(env: Env, input: BeginInput): Promise<{ authorizeUrl: string }> {
  const client = clientOf(env, input.provider);
  // The return path is a same-site path or nothing: an address elsewhere is refused here, before the provider.
  const returnPath = input.callbackURL ? safeCallbackPath(input.callbackURL) : input.intent === 'link' ? SOCIAL_ACCOUNT_PATH : '/';
  if (!returnPath) throw invalidAccess('SOCIAL_RETURN_PATH');
  if (input.intent === 'link' && input.memberId === null) throw new Refusal(401, 'SOCIAL_LINK_NEEDS_LOGIN', 'social.errors.linkNeedsLogin');
  const now = Date.now();
  const state = randomToken(24);
  const verifier = randomToken(32);
  const nonce = isOidc(input.provider) ? randomToken(16) : null;
  const redirectUri = redirectUriOf(input.site, input.provider);
  await insertTransaction(
    env.DB,
    {
      state,
      provider: input.provider,
      bindingHash: await sha256(input.binding),
      verifier,
      nonce,
      redirectUri,
      returnPath,
      intent: input.intent,
      memberId: input.intent === 'link' ? input.memberId : null,
      expiresAt: now + TRANSACTION_TTL_MS,
    },
    now,
  );
  return { authorizeUrl: client.authorizeUrl({ state, codeChallenge: await sha256(verifier), nonce, redirectUri, reconsent: input.intent === 'link' }) };
}

export interface FinishInput {
  provider: SocialProvider;
  code?: string;
  state?: string;
  /** The provider's own error (the person cancelled). */
  error?: string;
  binding?: string;
  memberId: number | null;
}

export type SocialOutcome =
  | { outcome: 'signin' | 'signup'; provider: SocialProvider; callbackURL: string; accessToken: string; nickname: string | null; email: string | null }
  | { outcome: 'linked'; provider: SocialProvider; callbackURL: string };

/**
 * The callback. Refused, with nothing changed and nobody signed in: no or unknown state, a state of another
 * browser or another provider (mix-up), a code seen before, a provider answer that does not verify.
 */
export async function finishSocial(env: Env, input: FinishInput): Promise<SocialOutcome> {
  if (!input.state) throw invalidAccess('SOCIAL_STATE');
  const tx = await takeTransaction(env.DB, input.state);
  const now = Date.now();
  if (!tx || tx.expiresAt < now) throw invalidAccess('SOCIAL_STATE');
  if (!input.binding || (await sha256(input.binding)) !== tx.bindingHash) throw invalidAccess('SOCIAL_STATE');
  if (tx.provider !== input.provider) throw invalidAccess('SOCIAL_PROVIDER_MISMATCH');
  if (input.error) throw new Refusal(400, 'SOCIAL_CANCELLED', 'social.errors.cancelled');
  if (!input.code) throw invalidAccess('SOCIAL_CODE');
  if (!(await spendCode(env.DB, tx.provider, await sha256(input.code), now))) throw invalidAccess('SOCIAL_CODE_REPLAYED');

  let identity: SocialIdentity;
  try {
    identity = await clientOf(env, tx.provider).exchange({ code: input.code, verifier: tx.verifier, redirectUri: tx.redirectUri, nonce: tx.nonce, state: tx.state });
  } catch (err) {
    if (!(err instanceof OAuthFailure)) throw err;
    console.warn(`social ${tx.provider}: ${err.message}`);
    throw unknownFailure();
  }

  const linked = await findIdentity(env.DB, identity.provider, identity.subject);
  if (tx.intent === 'link') {
    // Only the member who started it, still signed in as them.
    if (tx.memberId === null || input.memberId !== tx.memberId) throw new Refusal(403, 'SOCIAL_LINK_FORBIDDEN', 'social.errors.invalidAccess');
    if (linked && linked.memberId !== tx.memberId) throw new Refusal(409, 'SOCIAL_TAKEN', 'social.errors.taken');
    if (!linked) await linkIdentity(env.DB, tx.memberId, identity);
    return { outcome: 'linked', provider: tx.provider, callbackURL: tx.returnPath };
  }
  return {
    outcome: linked ? 'signin' : 'signup',
    provider: tx.provider,
    callbackURL: tx.returnPath,
    accessToken: await issueTicket(env, identity),
    nickname: identity.nickname,
    email: identity.email,
  };
}

async function linkIdentity(db: D1Database, memberId: number, identity: SocialIdentity): Promise<void> {
  try {
    await insertIdentityStatement(db, { provider: identity.provider, subject: identity.subject, memberId, email: identity.email, linkedAt: Date.now() }).run();
  } catch {
    // UNIQUE: this member has another account of this provider, or the account was linked meanwhile.
    throw new Refusal(409, 'SOCIAL_PROVIDER_LINKED', 'social.errors.providerLinked');
  }
}

/** Our own identity ticket naming a verified provider account (what the callback answers). */
export async function issueTicket(env: Env, identity: SocialIdentity): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return sign(
    { aud: TICKET_AUDIENCE, iss: TICKET_ISSUER, iat: now, exp: now + TICKET_TTL_S, prv: identity.provider, sub: identity.subject, em: identity.email, nick: identity.nickname },
    jwtSecret(env),
    'HS256',
  );
}

/** The verified identity a ticket names, for this provider; anything else is a 401. */
export async function ticketIdentity(env: Env, ticket: string, provider: SocialProvider): Promise<SocialIdentity> {
  try {
    const claims = await verify(ticket, jwtSecret(env), { alg: 'HS256', aud: TICKET_AUDIENCE, iss: TICKET_ISSUER });
    if (claims.prv !== provider || typeof claims.sub !== 'string' || typeof claims.exp !== 'number') throw new Error('wrong ticket');
    return { provider, subject: claims.sub, email: typeof claims.em === 'string' ? claims.em : null, nickname: typeof claims.nick === 'string' ? claims.nick : null };
  } catch {
    throw new Refusal(401, 'SOCIAL_TICKET', 'social.errors.ticket');
  }
}

/** Social sign-in: the member linked to the ticket's identity. */
export async function socialSignIn(env: Env, provider: SocialProvider, ticket: string, loginId?: string): Promise<MemberRow> {
  const identity = await ticketIdentity(env, ticket, provider);
  const link = await findIdentity(env.DB, provider, identity.subject);
  if (!link) throw new Refusal(404, 'SOCIAL_NOT_LINKED', 'social.errors.notLinked');
  const member = await findMemberById(env.DB, link.memberId);
  if (!member) throw new Refusal(404, 'SOCIAL_NOT_LINKED', 'social.errors.notLinked');
  if (loginId && loginId.toLowerCase() !== member.loginId.toLowerCase()) throw new Refusal(403, 'SOCIAL_MEMBER_MISMATCH', 'social.errors.invalidAccess');
  if (member.blocked) throw accountRefusal(423, M.accountBlocked);
  if (isDormant(member)) throw accountRefusal(403, M.accountDormant);
  await markLoggedIn(env.DB, member.id, Date.now());
  return member;
}

/** A login ID for a member who did not choose one: the provider's letter and nine random letters and digits (ten in all: a valid ID). */
function generatedLoginId(provider: SocialProvider): string {
  const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(9));
  return provider[0] + [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}

/**
 * Social sign-up: a new member linked to the ticket's identity, in one batch. The ID is chosen or generated,
 * the password optional (without one the member signs in only through the provider), identity verification
 * required unless the partner_code cookie names a registered partner, terms required. It takes one of the
 * client's sign-up slots, the same ones the password sign-up takes (MAX_CLIENT_SIGNUPS an hour).
 */
export async function socialSignUp(env: Env, provider: SocialProvider, input: SocialSignupRequest, options: { partnerCookie: string | null; client: SignupClient }): Promise<MemberRow> {
  return withSignupSlot(env.DB, options.client, () => createSocialMember(env, provider, input, options.partnerCookie));
}

async function createSocialMember(env: Env, provider: SocialProvider, input: SocialSignupRequest, partnerCookie: string | null): Promise<MemberRow> {
  const identity = await ticketIdentity(env, input.accessToken, provider);
  if (await findIdentity(env.DB, provider, identity.subject)) throw new Refusal(409, 'SOCIAL_ALREADY_MEMBER', 'social.errors.alreadyMember');
  const chosenId = input.loginId ? stripSpaces(input.loginId) : null;
  const nickname = stripSpaces(input.nickname);
  const checks: Array<[string, string | null]> = [
    ['loginId', chosenId === null ? null : domesticRules.loginId(chosenId)],
    ['password', input.password ? domesticRules.password(input.password) : null],
    ['nickname', domesticRules.nickname(nickname)],
  ];
  for (const [field, error] of checks) if (error) throw accountRefusal(400, error, field);
  if (input.terms !== true && input.terms !== 'essential') throw accountRefusal(400, M.termsRequired, 'terms');
  if (chosenId && (await loginIdTaken(env.DB, chosenId))) throw accountRefusal(409, M.idTaken, 'loginId');
  if (await nicknameTaken(env.DB, nickname)) throw accountRefusal(409, M.nicknameTaken, 'nickname');
  const loginId = chosenId ?? generatedLoginId(provider);

  let recommenderId: number | null = null;
  if (input.recommendId) {
    const recommender = await findRecommender(env.DB, input.recommendId, loginId);
    if (recommender === 'notfound') throw accountRefusal(400, M.recommenderNotFound, 'recommendId');
    if (recommender === 'overlap') throw accountRefusal(400, M.recommenderOverlap, 'recommendId');
    recommenderId = (await findMemberByLoginId(env.DB, recommender))!.id;
  }
  const partnerCode = partnerCookie ?? input.partnerCode ?? null;
  const partner = partnerCode ? await findPartner(env.DB, partnerCode) : null;
  let person: { name: string | null; birthday: string | null; gender: 'M' | 'F' | null; phone: string | null; verified: boolean; ci?: string | null } = {
    name: null,
    birthday: null,
    gender: null,
    phone: null,
    verified: false,
  };
  if (input.authKey) {
    const verified = await consumeIdentity(env.DB, input.authKey, 'personal-signup');
    if (!verified) throw accountRefusal(400, M.identityRequired, 'authKey');
    person = { name: verified.name, birthday: verified.birthday, gender: verified.gender, phone: verified.phone, verified: true, ci: verified.ci ?? null };
  } else if (!partnerCookie || partner?.code !== partnerCookie) {
    // Only a registered partner's cookie skips verification: the cookie is whatever the client wrote.
    throw accountRefusal(400, M.identityRequired, 'authKey');
  }

  const now = Date.now();
  const [inserted] = await env.DB.batch([
    insertMemberStatement(env.DB, {
      loginId,
      nickname,
      passwordHash: input.password ? await hashPassword(input.password) : '',
      name: person.name,
      isForeigner: false,
      identityVerified: person.verified,
      adult: person.verified && person.birthday ? isAdult(person.birthday) : false,
      birthday: person.birthday,
      gender: person.gender,
      phone: person.phone,
      countryCode: person.verified ? '82' : null,
      partnerCode: partner?.code ?? null,
      recommenderId,
      marketingAgreed: input.terms === true,
      device: deviceType(input.device),
      ci: person.ci ?? null,
    }),
    insertIdentityForLoginIdStatement(env.DB, { provider, subject: identity.subject, email: identity.email, linkedAt: now }, loginId),
  ]).catch(() => {
    // The identity's UNIQUE: the same ticket signed up twice at once. Nothing of this batch stayed.
    throw new Refusal(409, 'SOCIAL_ALREADY_MEMBER', 'social.errors.alreadyMember');
  });
  if (!inserted?.results.length) throw accountRefusal(409, (await loginIdTaken(env.DB, loginId)) ? M.idTaken : M.nicknameTaken);
  await markLoggedIn(env.DB, (inserted.results[0] as { id: number }).id, now);
  return (await findMemberByLoginId(env.DB, loginId))!;
}

/** An existing member links the ticket's identity by proving the account with its password (then is signed in). */
export async function linkWithPassword(env: Env, provider: SocialProvider, input: { accessToken: string; loginId: string; password: string; clientKey: string }): Promise<MemberRow> {
  const identity = await ticketIdentity(env, input.accessToken, provider);
  const member = await signIn(env.DB, input.loginId, input.password, input.clientKey);
  const linked = await findIdentity(env.DB, provider, identity.subject);
  if (linked && linked.memberId !== member.id) throw new Refusal(409, 'SOCIAL_TAKEN', 'social.errors.taken');
  if (!linked) await linkIdentity(env.DB, member.id, identity);
  return member;
}

/**
 * Link by the same verified identity: the authKey's CI must be a verified member's (never an e-mail, a
 * name or a phone alone). The authKey is spent only on a match, so a person with no account can still
 * use it to sign up. The member is signed in as a password sign-in would (blocked and dormant refused).
 */
export async function linkWithIdentity(env: Env, provider: SocialProvider, input: { accessToken: string; authKey: string }): Promise<MemberRow> {
  const identity = await ticketIdentity(env, input.accessToken, provider);
  const verified = await peekIdentity(env.DB, input.authKey, 'personal-signup');
  if (!verified) throw accountRefusal(400, M.identityRequired, 'authKey');
  const member = verified.ci ? await findVerifiedMemberByCi(env.DB, verified.ci) : null;
  if (!member) throw new Refusal(404, 'SOCIAL_IDENTITY_NO_MATCH', 'member.link.noMatch');
  if (member.blocked) throw accountRefusal(423, M.accountBlocked);
  if (isDormant(member)) throw accountRefusal(403, M.accountDormant);
  const linked = await findIdentity(env.DB, provider, identity.subject);
  if (linked && linked.memberId !== member.id) throw new Refusal(409, 'SOCIAL_TAKEN', 'social.errors.taken');
  // Spent now: a second use of the same verification (or a race) links nothing more.
  const spent = await consumeIdentity(env.DB, input.authKey, 'personal-signup');
  if (!spent || spent.ci !== verified.ci) throw accountRefusal(400, M.identityRequired, 'authKey');
  if (!linked) await linkIdentity(env.DB, member.id, identity);
  await markLoggedIn(env.DB, member.id, Date.now());
  return member;
}

export async function socialAccounts(db: D1Database, memberId: number): Promise<SocialAccounts> {
  const [member, identities] = await Promise.all([findMemberById(db, memberId), identitiesOf(db, memberId)]);
  return {
    hasPassword: !!member?.passwordHash,
    providers: identities.map((i) => ({ provider: i.provider, email: i.email, linkedAt: new Date(i.linkedAt).toISOString() })),
  };
}

/** Unlink, refused when it is the member's last way to sign in (no password and no other provider). */
export async function unlinkSocial(db: D1Database, memberId: number, provider: SocialProvider): Promise<SocialAccounts> {
  const identities = await identitiesOf(db, memberId);
  if (!identities.some((i) => i.provider === provider)) throw new Refusal(404, 'SOCIAL_NOT_LINKED', 'social.errors.notLinked');
  if (!(await deleteIdentityKeepingAWayIn(db, memberId, provider))) throw new Refusal(409, 'SOCIAL_LAST_LOGIN', 'social.errors.lastLogin');
  return socialAccounts(db, memberId);
}
