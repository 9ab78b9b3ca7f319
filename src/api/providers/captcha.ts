import type { CaptchaChallenge } from '../../shared/account-api';
import { providerChoice } from '../config';
import { randomToken } from '../../lib/crypto';
import { insertCaptchaChallenge, solveCaptchaChallenge } from '../../db/captcha';

export interface Captcha {
  challenge(): Promise<CaptchaChallenge>;
  /** True once per solved challenge; a token cannot be replayed. */
  verify(token: string, remoteIp: string | null): Promise<boolean>;
}

const LOCAL_TTL_MS = 5 * 60_000;

/** Offline adapter: a small arithmetic question stored in D1, answered as "<id>:<answer>". */
export function localCaptcha(db: D1Database): Captcha {
  return {
    async challenge() {
      const values = crypto.getRandomValues(new Uint8Array(2));
      const a = (values[0]! % 9) + 1;
      const b = (values[1]! % 9) + 1;
      const id = randomToken(12);
      await insertCaptchaChallenge(db, id, String(a + b), Date.now() + LOCAL_TTL_MS);
      return { provider: 'local', id, question: `${a} + ${b}` };
    },
    async verify(token) {
      const [id, answer] = token.split(':');
      if (!id || !answer) return false;
      return solveCaptchaChallenge(db, id, answer.trim(), Date.now());
    },
  };
}

/** Real adapter: Cloudflare Turnstile (TURNSTILE_SITE_KEY var, TURNSTILE_SECRET secret). */
export function turnstileCaptcha(env: Env): Captcha {
  return {
    async challenge() {
      return { provider: 'turnstile', siteKey: env.TURNSTILE_SITE_KEY };
    },
    async verify(token, remoteIp) {
      if (!env.TURNSTILE_SECRET) throw new Error('TURNSTILE_SECRET is not configured');
      const form = new FormData();
      form.set('secret', env.TURNSTILE_SECRET);
      form.set('response', token);
      if (remoteIp) form.set('remoteip', remoteIp);
      const res = await fetch('https://challenges.cloudflare.com/turnstile/v0/siteverify', { method: 'POST', body: form });
      const body = (await res.json()) as { success?: boolean };
      return body.success === true;
    },
  };
}

export function captchaFor(env: Env): Captcha {
  return providerChoice(env).captcha === 'local' ? localCaptcha(env.DB) : turnstileCaptcha(env);
}
