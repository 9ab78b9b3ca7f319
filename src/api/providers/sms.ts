import { providerChoice } from '../config';
import { insertOutbox } from '../../db/sms-outbox';

export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

/** Offline adapter: messages land in D1's sms_outbox, readable at GET /__dev/outbox in development. */
export function devSms(db: D1Database): SmsSender {
  return {
    async send(to, body) {
      await insertOutbox(db, to, body, Date.now());
    },
  };
}

/** Real adapter: an HTTP SMS gateway (SMS_API_URL, SMS_API_KEY secret, SMS_SENDER). */
export function httpSms(env: Env): SmsSender {
  return {
    async send(to, body) {
      if (!env.SMS_API_KEY) throw new Error('SMS_API_KEY is not configured');
      const res = await fetch(env.SMS_API_URL, {
        method: 'POST',
        headers: { authorization: `Bearer ${env.SMS_API_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ from: env.SMS_SENDER, to, text: body }),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}

export function smsFor(env: Env): SmsSender {
  return providerChoice(env).sms === 'dev' ? devSms(env.DB) : httpSms(env);
}
