// Loopback stand-ins for the four social-login providers (docs/product/accounts.md, "Social login"): one OAuth server per provider, built on
// oauth2-mock-server (its RSA keys, JWKS, discovery document and JWT signing), answering at the providers' own
// paths and in their own shapes, and as strict as the real ones where it matters to us: client credentials,
// redirect_uri, single-use codes that expire, and PKCE (S256) required. Used by `npm start`, the browser
// tests' server and the Worker tests (vitest.config.mts); the Worker's dev adapter points here
// (src/api/providers/oauth.ts), production refuses it (src/api/config.ts).
//
// The authorize page asks who you are (any account name; the same name is the same person next time). Tests
// skip the page with `dev_user` (and `dev_email`, `dev_nickname`), and make the next ID token wrong on purpose
// with `dev_tamper` = iss | aud | nonce | expired (the security tests of tests/worker/social-security.test.ts).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { Events, OAuth2Issuer, OAuth2Service } from 'oauth2-mock-server';

/** The ports `npm start` uses; the test servers take free ones (port 0). */
export const DEV_SOCIAL_PORTS = { naver: 8831, kakao: 8832, google: 8833, twitch: 8834 };

/** The dev apps' credentials, as config/development.env gives them to the Worker. */
export const DEV_SOCIAL_CLIENTS = {
  naver: { id: 'dev-naver-client', secret: 'dev-naver-secret' },
  kakao: { id: 'dev-kakao-client', secret: 'dev-kakao-secret' },
  google: { id: 'dev-google-client', secret: 'dev-google-secret' },
  twitch: { id: 'dev-twitch-client', secret: 'dev-twitch-secret' },
};

/** Each provider's paths (the real ones: src/api/providers/oauth.ts has the same on the real hosts). */
const SHAPES = {
  naver: { oidc: false, authorize: '/oauth2.0/authorize', token: '/oauth2.0/token', profile: '/v1/nid/me', label: 'NAVER' },
  kakao: { oidc: true, authorize: '/oauth/authorize', token: '/oauth/token', jwks: '/.well-known/jwks.json', issuerPath: '', label: 'Kakao' },
  google: { oidc: true, authorize: '/o/oauth2/v2/auth', token: '/token', jwks: '/oauth2/v3/certs', issuerPath: '', label: 'Google' },
  twitch: { oidc: true, authorize: '/oauth2/authorize', token: '/oauth2/token', jwks: '/oauth2/keys', issuerPath: '/oauth2', label: 'Twitch' },
};

const CODE_TTL_MS = 60_000;

const s256 = (verifier) => createHash('sha256').update(verifier).digest('base64url');
/** A stable numeric-looking id per account name, as Kakao and Naver hand out. */
const subjectOf = (provider, user) => `${provider === 'google' ? '1' : ''}${BigInt(`0x${createHash('sha256').update(`${provider}:${user}`).digest('hex').slice(0, 13)}`)}`;

function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(text || '{}');
  return Object.fromEntries(new URLSearchParams(text));
}

function send(res, status, body, headers = {}) {
  const json = typeof body !== 'string';
  res.writeHead(status, { 'content-type': json ? 'application/json; charset=utf-8' : 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers });
  res.end(json ? JSON.stringify(body) : body);
}

function signInPage(provider, query) {
  const shape = SHAPES[provider];
  const suggested = `${provider}user${randomBytes(3).toString('hex')}`;
  const hidden = [...query].filter(([k]) => !k.startsWith('dev_')).map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${shape.label} (development)</title>
<style>body{font-family:system-ui,sans-serif;max-width:26rem;margin:3rem auto;padding:0 1rem}label{display:block;margin:.8rem 0 .2rem}input{width:100%;padding:.5rem;font-size:1rem}button{margin-top:1rem;padding:.6rem 1.2rem;font-size:1rem}</style></head>
<body><main><h1>${shape.label} sign-in (development)</h1>
<p>A local stand-in for ${shape.label}. Any account name works; the same name is the same ${shape.label} account next time.</p>
<form method="get" action="${shape.authorize}">${hidden.join('')}
<label for="dev_user">Account</label><input id="dev_user" name="dev_user" value="${suggested}" required autocomplete="off">
<label for="dev_nickname">Nickname</label><input id="dev_nickname" name="dev_nickname" value="${suggested}">
<label for="dev_email">E-mail</label><input id="dev_email" name="dev_email" type="email" value="${suggested}@example.com">
<button type="submit">Agree and continue</button></form></main></body></html>`;
}

/**
 * One provider's server. `issuer` signs ID tokens (iss is this server's origin, plus /oauth2 for Twitch, as
 * Twitch's own iss is https://id.twitch.tv/oauth2).
 */
async function startIssuer(provider, port, host) {
  const shape = SHAPES[provider];
  const client = DEV_SOCIAL_CLIENTS[provider];
  const issuer = new OAuth2Issuer();
  await issuer.keys.generate('RS256');
  // The mock's own routes serve discovery and the JWKS; its authorize and token are parked out of the way.
  const service = new OAuth2Service(issuer, { jwks: shape.jwks ?? '/mock/jwks', authorize: '/mock/authorize', token: '/mock/token', userinfo: '/mock/userinfo' });
  const codes = new Map();
  const accessTokens = new Map();

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://loopback');
      if (req.method === 'GET' && url.pathname === shape.authorize) return authorize(url, res);
      if (url.pathname === shape.token && (req.method === 'POST' || (provider === 'naver' && req.method === 'GET'))) {
        const body = req.method === 'POST' ? await readBody(req) : Object.fromEntries(url.searchParams);
        return await token(body, req, res);
      }
      if (req.method === 'GET' && shape.profile && url.pathname === shape.profile) return profile(req, res);
      if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
      service.requestHandler(req, res);
    } catch (err) {
      send(res, 500, { error: 'server_error', error_description: String(err?.message ?? err) });
    }
  });

  function authorize(url, res) {
    const q = url.searchParams;
    const refuse = (description) => send(res, 400, `<!doctype html><title>error</title><p>${escapeHtml(description)}</p>`);
    if (q.get('response_type') !== 'code') return refuse('response_type must be code');
    if (q.get('client_id') !== client.id) return refuse('unknown client_id');
    const redirectUri = q.get('redirect_uri');
    if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return refuse('redirect_uri is required');
    if (!q.get('state')) return refuse('state is required');
    if (!q.get('code_challenge') || q.get('code_challenge_method') !== 'S256') return refuse('PKCE with S256 is required');
    if (shape.oidc && !(q.get('scope') ?? '').split(' ').includes('openid')) return refuse('scope must include openid');
    const user = q.get('dev_user');
    if (!user) return send(res, 200, signInPage(provider, q));
    const code = randomUUID();
    let claims = null;
    try {
      claims = q.get('claims') ? JSON.parse(q.get('claims')) : null;
    } catch {
      return refuse('claims is not JSON');
    }
    codes.set(code, {
      redirectUri,
      challenge: q.get('code_challenge'),
      nonce: q.get('nonce'),
      scope: q.get('scope') ?? '',
      claims,
      tamper: q.get('dev_tamper'),
      user: { sub: subjectOf(provider, user), nickname: q.get('dev_nickname') || user, email: q.get('dev_email') || `${user}@example.com` },
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state'));
    res.writeHead(302, { location: back.href, 'cache-control': 'no-store' });
    res.end();
  }

  async function token(body, req, res) {
    // Naver answers its errors with 200 and { error, error_description }; the others with 400.
    const refuse = (error, description) => send(res, provider === 'naver' ? 200 : 400, { error, error_description: description });
    const basic = (req.headers.authorization ?? '').startsWith('Basic ') ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':') : [];
    const clientId = body.client_id ?? basic[0];
    const clientSecret = body.client_secret ?? basic[1];
    if (body.grant_type !== 'authorization_code') return refuse('unsupported_grant_type', 'authorization_code only');
    if (clientId !== client.id || clientSecret !== client.secret) return refuse('invalid_client', 'wrong client credentials');
    const grant = codes.get(body.code);
    if (!grant) return refuse('invalid_grant', 'unknown code');
    if (grant.used) {
      codes.delete(body.code);
      return refuse('invalid_grant', 'code already used');
    }
    grant.used = true;
    if (grant.expiresAt < Date.now()) return refuse('invalid_grant', 'code expired');
    if (provider !== 'naver' && body.redirect_uri !== grant.redirectUri) return refuse('invalid_grant', 'redirect_uri does not match');
    if (!body.code_verifier) return refuse('invalid_grant', 'code_verifier required');
    if (s256(body.code_verifier) !== grant.challenge) return refuse('invalid_grant', 'code_verifier does not match code_challenge');

    const accessToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, grant.user);
    if (provider === 'naver') return send(res, 200, { access_token: accessToken, refresh_token: randomBytes(24).toString('base64url'), token_type: 'bearer', expires_in: '3600' });
    const idToken = await issuer.buildToken({ expiresIn: 3600, scopesOrTransform: (_header, payload) => idTokenClaims(payload, grant) });
    if (provider === 'kakao')
      return send(res, 200, {
        token_type: 'bearer',
        access_token: accessToken,
        id_token: idToken,
        expires_in: 21599,
        refresh_token: randomUUID(),
        refresh_token_expires_in: 5183999,
        scope: grant.scope,
      });
    if (provider === 'google') return send(res, 200, { access_token: accessToken, expires_in: 3599, id_token: idToken, scope: grant.scope, token_type: 'Bearer' });
    return send(res, 200, { access_token: accessToken, expires_in: 14400, id_token: idToken, refresh_token: randomUUID(), scope: grant.scope.split(' '), token_type: 'bearer' });
  }

  function idTokenClaims(payload, grant) {
    const now = Math.floor(Date.now() / 1000);
    Object.assign(payload, { sub: grant.user.sub, aud: client.id, auth_time: now });
    if (grant.nonce) payload.nonce = grant.nonce;
    if (provider === 'kakao') Object.assign(payload, { nickname: grant.user.nickname, email: grant.user.email });
    if (provider === 'google') Object.assign(payload, { azp: client.id, email: grant.user.email, email_verified: true, name: grant.user.nickname });
    if (provider === 'twitch') {
      // Twitch puts e-mail and name in the ID token only when the claims parameter asked for them.
      payload.azp = client.id;
      const wanted = grant.claims?.id_token ?? {};
      if ('email' in wanted) payload.email = grant.user.email;
      if ('email_verified' in wanted) payload.email_verified = true;
      if ('preferred_username' in wanted) payload.preferred_username = grant.user.nickname;
    }
    if (grant.tamper === 'iss') payload.iss = 'https://issuer.invalid';
    if (grant.tamper === 'aud') payload.aud = 'another-client';
    if (grant.tamper === 'nonce') payload.nonce = 'not-the-nonce';
    if (grant.tamper === 'expired') Object.assign(payload, { iat: now - 7200, nbf: now - 7200, exp: now - 60 });
  }

  function profile(req, res) {
    const auth = req.headers.authorization ?? '';
    const user = auth.startsWith('Bearer ') ? accessTokens.get(auth.slice(7)) : undefined;
    if (!user) return send(res, 401, { resultcode: '024', message: 'Authentication failed' });
    send(res, 200, { resultcode: '00', message: 'success', response: { id: user.sub, email: user.email, nickname: user.nickname, name: user.nickname } });
  }

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const origin = `http://${host}:${server.address().port}`;
  issuer.url = `${origin}${shape.issuerPath ?? ''}`;
  service.on(Events.BeforeWellKnownOpenIdConfiguration, (doc) => {
    Object.assign(doc.body, { authorization_endpoint: origin + shape.authorize, token_endpoint: origin + shape.token, code_challenge_methods_supported: ['S256'] });
  });
  return { provider, origin, server };
}

/**
 * Start the four issuers. `ports`: DEV_SOCIAL_PORTS for `npm start`, or 0 each for free ports. Answers the
 * Worker bindings that point the dev adapter at them (DEV_OAUTH_<PROVIDER>) and stop().
 */
export async function startSocialIssuers({ ports = DEV_SOCIAL_PORTS, host = '127.0.0.1' } = {}) {
  const started = await Promise.all(Object.keys(SHAPES).map((provider) => startIssuer(provider, ports[provider] ?? 0, host)));
  const bindings = Object.fromEntries(started.map((s) => [`DEV_OAUTH_${s.provider.toUpperCase()}`, s.origin]));
  return {
    bindings,
    origins: Object.fromEntries(started.map((s) => [s.provider, s.origin])),
    /** Let the process exit while they still listen (the Worker tests' config starts them). */
    unref: () => {
      for (const s of started) s.server.unref();
    },
    stop: () => Promise.all(started.map((s) => new Promise((resolve) => s.server.close(() => resolve())))),
  };
}
