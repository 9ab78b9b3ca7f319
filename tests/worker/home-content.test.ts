// Home content per brand and per locale: a brand's home shows its own banners, popups, themes and logos and those
// meant for every brand ('*'), never another brand's; each in the visitor's locale where it has that text, else
// in Korean. Read through the edge (the brand is the host's), as a browser and the home page do.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { get, ok, propsOf } from './helpers';
import { uniqueTag } from './unique';
import type { Banner, Popup, Theme, ViewMainResponse } from '../../src/shared/streams-api';

/** A banner, popup, theme and logo for `brand`, tagged, with English and Japanese text besides the Korean. */
async function content(brand: string, tag: string) {
  const texts = JSON.stringify({ en: { title: `EN ${tag}`, subtitle: `EN sub ${tag}`, body: `EN body ${tag}`, name: `EN theme ${tag}` }, ja: { title: `JA ${tag}` } });
  await env.DB.batch([
    env.DB.prepare("INSERT INTO banners (brand, style, title, subtitle, image_url, link_url, starts_at, texts) VALUES (?1, 'classic', ?2, ?3, '/banners/a.svg', '/', 0, ?4)").bind(
      brand,
      `KO ${tag}`,
      `KO sub ${tag}`,
      texts,
    ),
    env.DB.prepare("INSERT INTO banners (brand, style, title, subtitle, image_url, link_url, starts_at, texts) VALUES (?1, 'new', ?2, '', '/banners/b.svg', '/', 0, ?3)").bind(
      brand,
      `KO card ${tag}`,
      texts,
    ),
    env.DB.prepare('INSERT INTO popups (brand, title, body, starts_at, texts) VALUES (?1, ?2, ?3, ?4, ?5)').bind(brand, `KO ${tag}`, `KO body ${tag}`, Date.now() - 1000, texts),
    env.DB.prepare('INSERT INTO themes (brand, code, name, sort, texts) VALUES (?1, ?2, ?3, 99, ?4)').bind(brand, `t${tag}`, `KO theme ${tag}`, texts),
    env.DB.prepare("INSERT INTO logos (brand, name, image_url, link_url) VALUES (?1, ?2, '/banners/c.svg', '/')").bind(brand, `Logo ${tag}`),
  ]);
}

const items = async <T>(path: string, host: string, language = 'ko') => (await ok<{ items: T[] }>(await get(path, { host, headers: { 'accept-language': language } }))).items;
const mentions = (values: unknown[], tag: string) => JSON.stringify(values).includes(tag);

describe('home content per brand', () => {
  it("each brand's calls answer its own content and every brand's, never another brand's", async () => {
    const [flex, live, all] = [`f${uniqueTag()}`, `l${uniqueTag()}`, `a${uniqueTag()}`];
    await content('flex', flex);
    await content('live', live);
    await content('*', all);
    for (const [host, own, other] of [
      ['flex.localhost', flex, live],
      ['live.localhost', live, flex],
    ] as const) {
      for (const path of ['/api/guest/banners', '/api/guest/banners-newstyle', '/api/guest/popups', '/api/guest/themes', '/api/guest/logo-list']) {
        const answer = await items<unknown>(path, host);
        expect(mentions(answer, own), `${host}${path}`).toBe(true);
        expect(mentions(answer, all), `${host}${path}`).toBe(true);
        expect(mentions(answer, other), `${host}${path}`).toBe(false);
      }
      const main = await ok<ViewMainResponse>(await get('/api/my/view-main?device=PCWEB', { host }));
      expect(mentions(main.banners, own) && mentions(main.themes, own)).toBe(true);
      expect(mentions([main.banners, main.themes, main.popup], other)).toBe(false);
    }
    // A brand with none of its own gets only what every brand shows.
    const shell = await items<Banner>('/api/guest/banners', 'shell.localhost');
    expect(mentions(shell, all)).toBe(true);
    expect(mentions(shell, flex) || mentions(shell, live)).toBe(false);
  });

  it('the home page a guest gets carries only its brand’s content', async () => {
    const [nest, bread] = [`n${uniqueTag()}`, `b${uniqueTag()}`];
    await content('nest', nest);
    await content('bread', bread);
    const html = await (await get('/', { host: 'bread.localhost' })).text();
    const data = JSON.stringify(propsOf(html).data);
    expect(data).toContain(`KO ${bread}`);
    expect(data).toContain(`KO card ${bread}`);
    expect(data).toContain(`Logo ${bread}`);
    expect(data).not.toContain(nest);
    expect(html).not.toContain(nest);
  });

  it("text comes in the visitor's locale where the content has it, else in Korean", async () => {
    const tag = `t${uniqueTag()}`;
    await content('nest', tag);
    const banner = (list: Banner[]) => list.find((b) => b.title.endsWith(tag))!;
    expect(banner(await items<Banner>('/api/guest/banners', 'nest.localhost', 'en'))).toMatchObject({ title: `EN ${tag}`, subtitle: `EN sub ${tag}` });
    // Japanese has a title only: the subtitle stays Korean.
    expect(banner(await items<Banner>('/api/guest/banners', 'nest.localhost', 'ja'))).toMatchObject({ title: `JA ${tag}`, subtitle: `KO sub ${tag}` });
    expect(banner(await items<Banner>('/api/guest/banners', 'nest.localhost', 'th'))).toMatchObject({ title: `KO ${tag}`, subtitle: `KO sub ${tag}` });
    expect((await items<Popup>('/api/guest/popups', 'nest.localhost', 'en')).find((p) => p.body.endsWith(tag))).toMatchObject({ title: `EN ${tag}`, body: `EN body ${tag}` });
    expect((await items<Theme>('/api/guest/themes', 'nest.localhost', 'en')).find((t) => t.code === `t${tag}`)?.name).toBe(`EN theme ${tag}`);
    expect((await items<Theme>('/api/guest/themes', 'nest.localhost', 'ko')).find((t) => t.code === `t${tag}`)?.name).toBe(`KO theme ${tag}`);
    // The shipped themes are named in every locale.
    expect((await items<Theme>('/api/guest/themes', 'nest.localhost', 'th')).find((t) => t.code === 'music')?.name).toBe('ดนตรี');
    // A locale the brand does not speak is not served: shell speaks ko and en, so Japanese visitors read Korean.
    const shellTag = `s${uniqueTag()}`;
    await content('shell', shellTag);
    expect((await items<Banner>('/api/guest/banners', 'shell.localhost', 'ja')).find((b) => b.subtitle.endsWith(shellTag))?.title).toBe(`KO ${shellTag}`);
    // The guest home page in English: its props carry the English text.
    const data = JSON.stringify(propsOf(await (await get('/', { host: 'nest.localhost', headers: { 'accept-language': 'en' } })).text()).data);
    expect(data).toContain(`EN ${tag}`);
    expect(data).toContain(`EN theme ${tag}`);
  });

  it("the hero speaks the visitor's locale", async () => {
    const props = propsOf(await (await get('/', { host: 'live.localhost', headers: { 'accept-language': 'ja' } })).text()) as { brand: { hero: Record<string, string> } };
    expect(props.brand.hero.ja).toBe('今いちばん熱いライブ。コインでクリエイターを応援しましょう。');
    const html = await (await get('/', { host: 'live.localhost', headers: { 'accept-language': 'ja' } })).text();
    expect(html).toContain('今いちばん熱いライブ');
  });
});
