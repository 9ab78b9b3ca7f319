import { SELF, env } from 'cloudflare:test';
import { expect } from 'vitest';
import { clearAllCaches } from '../../src/lib/ttl-cache';
import { uniqueTag } from './unique';
import { needsXsrf } from '../../src/shared/account-api';
import { Hono } from 'hono';
import type { AppEnv } from '../../src/lib/env';
import type { InboxFrame, InboxTicketResponse } from '../../src/shared/message-schemas';

export const ORIGIN = 'http://localhost:8787';

/** A request to the Worker as a browser on `host` would send it. */
/** The test env as a production deploy would be configured: real adapters, a real-length secret, Toss with its secrets. */
export function productionEnv(): Env {
  return {
    ...env,
    ENVIRONMENT: 'production',
    SMS_PROVIDER: 'http',
    CAPTCHA_PROVIDER: 'turnstile',
    IDENTITY_PROVIDER: 'nice',
    JWT_SECRET: 'x'.repeat(40),
    EDGE_HEADER_SECRET: 'e'.repeat(40),
    PG_PROVIDER: 'toss',
    TOSS_SECRET_KEY: 'live_sk_x',
    TOSS_CLIENT_KEY: 'live_ck_x',
    TOSS_WEBHOOK_SECRET: 'whsec',
    OAUTH_PROVIDER: '',
    VAPID_PUBLIC_KEY: '',
    VAPID_PRIVATE_KEY: '',
  } as Env;
}

export function get(path: string, { host = 'flex.localhost', headers = {} as Record<string, string>, cookie }: { host?: string; headers?: Record<string, string>; cookie?: string } = {}) {
  return SELF.fetch(`http://${host}:8787${path}`, {
    redirect: 'manual',
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
  });
}

export async function setFlags(flags: { maintenance: boolean; emergency: boolean }): Promise<void> {
  await env.CONFIG.put('flags', JSON.stringify(flags));
  clearAllCaches();
}

/** All Set-Cookie headers of a response, by cookie name. */
export function setCookies(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of res.headers.getSetCookie()) {
    const name = line.slice(0, line.indexOf('='));
    out[name] = line;
  }
  return out;
}

/** The page props a rendered page carries for hydration. */
export function propsOf(html: string): Record<string, unknown> {
  const match = /<script id="__PROPS__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no props in page');
  return JSON.parse(match[1]!) as Record<string, unknown>;
}

/** A browser's cookie jar over SELF: keeps Set-Cookie between calls and sends the XSRF header. */
export class Browser {
  readonly jar = new Map<string, string>();
  constructor(readonly host = 'flex.localhost') {}

  cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keep(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const name = pair!.slice(0, pair!.indexOf('='));
      const value = pair!.slice(pair!.indexOf('=') + 1);
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  }

  async fetch(path: string, init: RequestInit & { xsrf?: boolean } = {}): Promise<Response> {
    if (!this.jar.has('flx_uuid')) await this.open('/');
    const headers = new Headers(init.headers);
    headers.set('cookie', this.cookie());
    const method = (init.method ?? 'GET').toUpperCase();
    if (init.xsrf !== false && needsXsrf(method, new URL(path, 'http://x').pathname) && this.jar.has('XSRF-TOKEN')) headers.set('x-xsrf-token', this.jar.get('XSRF-TOKEN')!);
    return this.keep(await SELF.fetch(`http://${this.host}:8787${path}`, { ...init, headers, redirect: 'manual' }));
  }

  async open(path: string): Promise<Response> {
    return this.keep(await SELF.fetch(`http://${this.host}:8787${path}`, { headers: { cookie: this.cookie() }, redirect: 'manual' }));
  }

  json(path: string, body: unknown, method = 'POST', extra: RequestInit & { xsrf?: boolean } = {}) {
    return this.fetch(path, { ...extra, method, headers: { 'content-type': 'application/json', ...(extra.headers as Record<string, string>) }, body: JSON.stringify(body) });
  }
}

/** Complete a verification through the offline identity provider; returns its authKey. */
export async function devIdentity(browser: Browser, startPath: string, person = { name: '김하늘', birthday: '1995-04-12', gender: 'F', phone: '01012345678' }): Promise<string> {
  const start = (await (await browser.fetch(startPath)).json()) as { url: string };
  const session = new URL(start.url, 'http://x').searchParams.get('session')!;
  const done = await browser.json('/api/personal-auth/dev/complete', { session, ...person });
  return ((await done.json()) as { authKey: string }).authKey;
}

/** Solve the local arithmetic captcha, as the dialog before a phone code is sent does: its captchaToken. */
export async function solveCaptcha(browser: Browser): Promise<string> {
  const { id, question } = (await (await browser.fetch('/api/captcha/challenge')).json()) as { id: string; question: string };
  const [a, b] = question.split('+').map((n) => Number(n.trim()));
  return `${id}:${a! + b!}`;
}

/** What the development SMS adapter "sent", newest first. */
export const smsOutbox = async () => (await (await SELF.fetch('http://flex.localhost:8787/__dev/outbox')).json()) as Array<{ to: string; body: string }>;

/** Send a code to the phone (captcha solved) and check it: the phone's one-time verification token. */
export async function verifyPhone(browser: Browser, countryCode: string, phone: string): Promise<string> {
  await ok(await browser.json('/v2/api/auth/signup/send-phone-verification', { countryCode, phone, captchaToken: await solveCaptcha(browser) }));
  const code = /\d{6}/.exec((await smsOutbox()).find((m) => m.to === `+${countryCode}${phone}`)!.body)![0];
  return (await ok<{ phoneVerificationToken: string }>(await browser.json('/api/personal-auth/foreigner', { countryCode, phone, code }))).phoneVerificationToken;
}

/** A new domestic member, signed up (and so logged in) in this browser (unique.ts: why the tag). */
export async function signUpMember(browser = new Browser(), overrides: Record<string, unknown> = {}, person?: Parameters<typeof devIdentity>[2]) {
  const tag = uniqueTag();
  const loginId = `member${tag}`;
  const authKey = await devIdentity(browser, '/api/auth/signup/personal-auth?type=personal-signup', person);
  const res = await browser.json('/api/auth/signup', {
    loginId,
    password: 'Passw0rd!',
    nickname: `닉${tag}`,
    device: 'PCWEB',
    authKey,
    isForeigner: false,
    terms: 'essential',
    ...overrides,
  });
  if (Object.keys(overrides).length === 0 && res.status !== 200) throw new Error(`sign-up refused: ${res.status} ${await res.clone().text()}`);
  return { browser, loginId, password: 'Passw0rd!', res };
}

/** The JSON body of a 200 answer (any other status fails the test, showing the body). */
export async function ok<T>(res: Response): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(200);
  return JSON.parse(text) as T;
}

/** A refusal with this status and error code. */
export async function refused(res: Response, status: number, code: string): Promise<void> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  expect((JSON.parse(text) as { error: { code: string } }).error.code).toBe(code);
}

/** The error code of a refusal with this status and a message (the caller checks the code). */
export async function refusalCode(res: Response, status: number): Promise<string> {
  const body = (await res.json()) as { error: { code: string; message: string } };
  expect(res.status, JSON.stringify(body)).toBe(status);
  expect(body.error.message).toBeTruthy();
  return body.error.code;
}

/** A multipart form of text fields (undefined ones left out) and `images` files, in order. */
export function formWithImages(fields: Record<string, string | number | boolean | undefined>, images: File[] = []): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.append(k, String(v));
  for (const image of images) form.append('images', image);
  return form;
}

/** An edge app with what the earlier middleware sets by the time the gate runs, for a guest on the main app type in ko. */
export function guestEdgeProbe(): Hono<AppEnv> {
  return new Hono<AppEnv>().use(async (c, next) => {
    c.set('appType', 'main');
    c.set('deviceId', '0123456789');
    c.set('locale', 'ko');
    c.set('loggedIn', false);
    await next();
  });
}

/** A member's inbox socket, as their open page holds it: the frames it is told, and the unread count it opened with. */
export async function openInbox(browser: Browser) {
  const { ticket, unread } = await (await browser.json('/api/my/inbox-ticket', {})).json<InboxTicketResponse>();
  const res = await SELF.fetch(`http://flex.localhost:8787/inbox?ticket=${encodeURIComponent(ticket)}`, { headers: { upgrade: 'websocket', origin: 'http://flex.localhost:8787' } });
  expect(res.status).toBe(101);
  const ws = res.webSocket!;
  ws.accept();
  const frames: InboxFrame[] = [];
  ws.addEventListener('message', (e) => frames.push(JSON.parse(e.data as string) as InboxFrame));
  return { ws, frames, unread };
}
