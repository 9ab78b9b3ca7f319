// A push service on loopback, for the tests: it hands out subscriptions as a browser's push service
// would (an endpoint URL, and the browser's P-256 key and auth secret, which it keeps to read what arrives), and
// takes pushes as FCM or Mozilla's service does: it checks the VAPID token (ES256 over our public key, audience
// its own origin, expiry under 24 h, a contact), then decrypts the aes128gcm body with http_ece (written by the
// RFC's author: an implementation that is not ours), and keeps what it read for the test to ask for.
//
//   POST /subscriptions          -> 201 { endpoint, p256dh, auth }
//   POST /push/<id>              -> 201 (kept), 400/401/403 (refused), 404 (unknown), 410 (gone)
//   GET  /received/<id>          -> 200 [{ payload, ttl, urgency, topic }]
//   POST /gone/<id>              -> 204: its pushes answer 410 from now on, as for a browser that unsubscribed
import { createECDH, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import http from 'node:http';
import ece from 'http_ece';

const MAX_TOKEN_SECONDS = 24 * 3600;

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

/** Why a VAPID Authorization header is refused, or null when it is good for this origin. */
export function vapidProblem(header, origin, now = Date.now()) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'no vapid authorization';
  const [, token, k] = match;
  const [head, claims, signature] = token.split('.');
  if (!signature) return 'malformed token';
  const point = Buffer.from(k, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return 'k is not an uncompressed P-256 point';
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') }, format: 'jwk' });
  const good = verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!good) return 'bad signature';
  const { alg } = JSON.parse(Buffer.from(head, 'base64url').toString());
  const { aud, exp, sub } = JSON.parse(Buffer.from(claims, 'base64url').toString());
  if (alg !== 'ES256') return `alg ${alg}`;
  if (aud !== origin) return `aud ${aud} is not ${origin}`;
  const seconds = exp - now / 1000;
  if (!(seconds > 0 && seconds <= MAX_TOKEN_SECONDS)) return 'exp out of range';
  if (!/^(mailto:|https:)/.test(sub ?? '')) return 'sub is not mailto: or https:';
  return null;
}

/** Starts the receiver; port 0 takes a free one. */
export async function startPushReceiver({ port = 0 } = {}) {
  /** id -> { ecdh, auth, gone, received[] } */
  const subscriptions = new Map();
  let origin = '';
  /** Every push taken, by whom and when (performance.now()), for a bench to count. */
  const taken = [];

  const server = http.createServer(async (request, response) => {
    const answer = (status, body) => {
      response.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      response.end(body === undefined ? undefined : JSON.stringify(body));
    };
    try {
      const [, verb, id] = new URL(request.url, origin).pathname.split('/');
      const body = await readBody(request);
      if (request.method === 'POST' && verb === 'subscriptions') {
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const auth = randomBytes(16);
        const key = randomUUID();
        subscriptions.set(key, { ecdh, auth, gone: false, received: [] });
        return answer(201, { endpoint: `${origin}/push/${key}`, p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') });
      }
      const subscription = subscriptions.get(id);
      if (!subscription) return answer(404, { error: 'unknown subscription' });
      if (request.method === 'GET' && verb === 'received') return answer(200, subscription.received);
      if (request.method === 'POST' && verb === 'gone') {
        subscription.gone = true;
        return answer(204);
      }
      if (request.method !== 'POST' || verb !== 'push') return answer(404, { error: 'no such path' });
      if (subscription.gone) return answer(410, { error: 'unsubscribed' });
      const problem = vapidProblem(request.headers.authorization, origin);
      if (problem) return answer(problem === 'no vapid authorization' ? 401 : 403, { error: problem });
      if (request.headers['content-encoding'] !== 'aes128gcm') return answer(400, { error: 'content-encoding must be aes128gcm' });
      if (!/^\d+$/.test(request.headers.ttl ?? '')) return answer(400, { error: 'TTL header missing' });
      const payload = ece.decrypt(body, { version: 'aes128gcm', privateKey: subscription.ecdh, authSecret: subscription.auth }).toString('utf8');
      subscription.received.push({ payload, ttl: Number(request.headers.ttl), urgency: request.headers.urgency ?? null, topic: request.headers.topic ?? null });
      taken.push({ id, at: performance.now() });
      return answer(201);
    } catch (error) {
      return answer(400, { error: String(error?.message ?? error) });
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    taken,
    unref: () => server.unref(),
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
