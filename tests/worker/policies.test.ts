import { SELF, env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { apiApp } from '../../src/api';
import { bundledBrands } from '../../src/brands/bundled';
import type { Brand } from '../../src/shared/brand-schema';
import { LOCALES } from '../../src/shared/locales';

// The policy texts (policies/): every brand × policy × language is a real text naming the brand.

const POLICIES = ['service-rules', 'privacy-rules', 'broadcast-rules', 'viewer-rules'] as const;
const brands = Object.values(bundledBrands) as Brand[];
/** Each language in its own script: a placeholder or an untranslated copy fails. */
const SCRIPT: Record<string, RegExp> = { ko: /[가-힣]{200}|([가-힣]+[^가-힣]+){200}/, ja: /[ぁ-んァ-ン]/, zh: /[\u4e00-\u9fff]/, th: /[\u0e00-\u0e7f]/, en: /\b(the|and|of)\b/ };
const MIN_BODY = { ko: 1000, en: 1000, zh: 500, ja: 700, th: 1000 } as const;

async function policy(brand: string, file: string, locale: string) {
  const res = await apiApp.request(`/static/${file}?brand=${brand}`, { headers: { 'x-locale': locale } }, env);
  return { status: res.status, body: (await res.json()) as { title: string; body: string } };
}

describe('GET /static/{file}', () => {
  it('serves every policy of every brand in every language: substantial, translated, naming the brand', async () => {
    for (const brand of brands) {
      for (const file of POLICIES) {
        const bodies = new Set<string>();
        for (const locale of LOCALES) {
          const { status, body } = await policy(brand.id, file, locale);
          const where = `${brand.id} ${file} ${locale}`;
          expect(status, where).toBe(200);
          expect(body.title, where).toContain(brand.serviceName);
          expect(body.body.length, where).toBeGreaterThan(MIN_BODY[locale]);
          expect(body.body, where).toContain(brand.companyName);
          expect(body.body, where).toContain(brand.email);
          expect(`${body.title}\n${body.body}`, where).not.toMatch(/\{\{|\}\}/);
          expect(body.body, where).toMatch(SCRIPT[locale]!);
          bodies.add(body.body);
        }
        expect(bodies.size, `${brand.id} ${file}`).toBe(LOCALES.length);
      }
    }
  });

  it('names the company, its registration and the privacy officer where the law wants them', async () => {
    const live = brands.find((b) => b.id === 'live')!;
    const terms = (await policy('live', 'service-rules', 'ko')).body.body;
    for (const fact of [live.companyName, live.representative, live.companyRegistrationNumber, live.address, live.phone]) expect(terms).toContain(fact);
    expect(terms).toContain('코인'); // the live brand's currency is a coin
    expect((await policy('flex', 'service-rules', 'ko')).body.body).toContain('벨');
    const privacy = (await policy('live', 'privacy-rules', 'ko')).body.body;
    expect(privacy).toMatch(/개인정보 보호책임자/);
    expect(privacy).toContain(live.representative);
  });

  it("answers the site's own brand through the proxy, and refuses what is not a policy", async () => {
    const site = async (host: string, file: string) => (await (await SELF.fetch(`http://${host}:8787/static/${file}`)).json()) as { title: string; body: string };
    for (const brand of brands) {
      const text = await site(`${brand.id}.localhost`, 'viewer-rules');
      expect(text.title).toContain(brand.serviceName);
      expect(text.body).toContain(brand.companyName);
    }
    expect((await site('localhost', 'privacy-rules')).title).toContain('FlexTV'); // the default brand
    const en = await SELF.fetch('http://nest.localhost:8787/static/service-rules', { headers: { 'accept-language': 'en' } });
    expect(((await en.json()) as { title: string }).title).toBe('둥지TV Terms of Service');
    expect((await SELF.fetch('http://flex.localhost:8787/static/refund-rules')).status).toBe(400);
  });
});
