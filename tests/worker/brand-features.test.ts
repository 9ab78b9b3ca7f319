import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { bundledBrands } from '../../src/brands/bundled';
import type { BrandFeatures } from '../../src/shared/brand-schema';
import { Browser, signUpMember } from './helpers';
import { insertChannel, insertStream } from './watch-fixtures';

/** Bread with some features switched off, as an operator would write it to KV. */
async function breadWithout(...off: Array<keyof BrandFeatures>): Promise<void> {
  const bread = structuredClone(bundledBrands.bread) as { features: Record<string, boolean> };
  for (const feature of off) bread.features[feature] = false;
  await env.CONFIG.put('brand:bread', JSON.stringify(bread));
}

const CALLS: Record<'items' | 'messages' | 'vod' | 'coupons', ReadonlyArray<readonly [method: string, path: string]>> = {
  items: [
    ['GET', '/api/my/items'],
    ['POST', '/api/my/items/buy'],
    ['GET', '/api/luv/items-sum'],
  ],
  messages: [
    ['GET', '/v2/api/my/messages?offset=0&limit=10'],
    ['POST', '/api/my/messages'],
    ['GET', '/api/my/member-messages-blackList'],
  ],
  vod: [['GET', '/api/my/stream/recorded-stream-list']],
  coupons: [['POST', '/api/shoppings/useCoupon']],
};

describe('brand feature switches', () => {
  for (const [feature, calls] of Object.entries(CALLS) as Array<[keyof typeof CALLS, (typeof CALLS)[keyof typeof CALLS]]>) {
    it(`a brand without ${feature} refuses its calls before the API; a brand with it answers them`, async () => {
      await breadWithout(feature);
      const off = await signUpMember(new Browser('bread.localhost'));
      for (const [method, path] of calls) {
        const res = await off.browser.fetch(path, { method, headers: { 'accept-language': 'en', 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
        expect(res.status, path).toBe(404);
        expect(((await res.json()) as { error: { code: string } }).error.code, path).toBe('FEATURE_OFF');
      }
      const on = await signUpMember(new Browser('flex.localhost'));
      for (const [method, path] of calls) {
        const res = await on.browser.fetch(path, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' });
        expect(res.status, path).not.toBe(404);
      }
    });
  }

  it('a brand without messages answers its page 404 and shows no entry in the header', async () => {
    await breadWithout('messages');
    const off = await signUpMember(new Browser('bread.localhost'));
    expect((await off.browser.fetch('/messages')).status).toBe(404);
    expect(await (await off.browser.fetch('/my')).text()).not.toContain('messages-link');
    const on = await signUpMember(new Browser('flex.localhost'));
    expect((await on.browser.fetch('/messages')).status).toBe(200);
    expect(await (await on.browser.fetch('/my')).text()).toContain('messages-link');
  });

  it('a brand without vod answers a recording page 404 and its channel pages have no recordings tab', async () => {
    await breadWithout('vod');
    const channel = await insertChannel();
    const recorded = await insertStream(channel.id, { kind: 2 });
    const off = new Browser('bread.localhost');
    expect((await off.fetch(`/vod/${recorded}`)).status).toBe(404);
    const offChannel = await off.fetch(`/channel/${channel.ownerLoginId}`);
    expect(offChannel.status).toBe(200);
    expect(await offChannel.text()).not.toContain('channel-tab-recorded');
    const on = new Browser('flex.localhost');
    expect((await on.fetch(`/vod/${recorded}`)).status).toBe(200);
    expect(await (await on.fetch(`/channel/${channel.ownerLoginId}`)).text()).toContain('channel-tab-recorded');
  });

  it('a brand without items and coupons shows neither section on the wallet page', async () => {
    await breadWithout('items', 'coupons');
    const off = await signUpMember(new Browser('bread.localhost'));
    const offHtml = await (await off.browser.fetch('/luv')).text();
    expect(offHtml).not.toContain('wallet-items-title');
    expect(offHtml).not.toContain('wallet-coupon');
    const on = await signUpMember(new Browser('flex.localhost'));
    const onHtml = await (await on.browser.fetch('/luv')).text();
    expect(onHtml).toContain('wallet-items-title');
    expect(onHtml).toContain('wallet-coupon');
  });

  it('a brand without foreigner sign-up shows no foreigner tab, and its foreigner sign-up page sends to the domestic one', async () => {
    const off = new Browser('bread.localhost');
    expect(await (await off.fetch('/signup')).text()).not.toContain('href="/signup/foreigner');
    const redirected = await off.fetch('/signup/foreigner?rId=friend01');
    expect(redirected.status).toBe(302);
    expect(redirected.headers.get('location')).toBe('/signup?rId=friend01');
    const on = new Browser('flex.localhost');
    expect(await (await on.fetch('/signup')).text()).toContain('href="/signup/foreigner"');
    expect((await on.fetch('/signup/foreigner')).status).toBe(200);
  });
});
