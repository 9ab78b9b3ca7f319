// Staff editing home content (/api/admin/home-content/...): P and O members only; each change is written with its
// audit row, shows on the guests' home at once (the page cache is purged), and an image passes the upload checks.
// Bad input is refused in the caller's language and changes nothing.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Browser, get, ok, propsOf, refused, signUpMember } from './helpers';
import { dbDigest } from './security-sweep';
import { uniqueTag } from './unique';
import { file, png, svgWithScript } from './upload-fixtures';
import type { StaffContentSaved, StaffHomeContent } from '../../src/shared/home-content-schemas';

const BASE = '/api/admin/home-content';

async function member() {
  const { browser, loginId } = await signUpMember(new Browser());
  const row = await env.DB.prepare('SELECT id FROM members WHERE login_id = ?').bind(loginId).first<{ id: number }>();
  return { browser, id: row!.id };
}
async function staff() {
  const operator = await member();
  await env.DB.prepare("UPDATE members SET role = 'O' WHERE id = ?").bind(operator.id).run();
  return operator;
}

function form(fields: Record<string, string | number>, image?: File): FormData {
  const out = new FormData();
  for (const [k, v] of Object.entries(fields)) out.append(k, String(v));
  if (image) out.append('image', image);
  return out;
}
const send = (browser: Browser, path: string, body: FormData, method = 'POST', language = 'ko') => browser.fetch(path, { method, body, headers: { 'accept-language': language } });
const image = () => file(png(1200, 400), 'banner.png', 'image/png');
const banner = (tag: string, brand = 'live') => ({
  brand,
  style: 'classic',
  title: `배너 ${tag}`,
  subtitle: '부제',
  linkUrl: '/theme/game',
  sort: 0,
  startsAt: 0,
  texts: JSON.stringify({ en: { title: `Banner ${tag}` } }),
});

/** The guest home of a brand, as the edge cache answers it. */
async function home(host: string, language = 'ko') {
  const res = await get('/', { host, headers: { 'accept-language': language } });
  const html = await res.text();
  return { cache: res.headers.get('x-edge-cache'), data: JSON.stringify(propsOf(html).data) };
}

const audits = (targetType: string, targetId: number) =>
  env.DB.prepare('SELECT action, actor_id AS actorId, before_json AS beforeJson, after_json AS afterJson FROM staff_audit WHERE target_type = ? AND target_id = ? ORDER BY id')
    .bind(targetType, String(targetId))
    .all<{ action: string; actorId: number; beforeJson: string | null; afterJson: string | null }>()
    .then((r) => r.results);

describe('staff editing home content', () => {
  it('a banner made, changed and removed shows on its brand’s guest home at once, each step in the audit log', async () => {
    const operator = await staff();
    const tag = uniqueTag();
    // The guest homes are in the edge cache before the change.
    for (const host of ['live.localhost', 'flex.localhost']) {
      await home(host);
      expect((await home(host)).cache).toBe('HIT');
    }

    const { id } = await ok<StaffContentSaved>(await send(operator.browser, `${BASE}/banners`, form(banner(tag), image())));
    const live = await home('live.localhost');
    expect(live.data).toContain(`배너 ${tag}`);
    expect((await home('live.localhost', 'en')).data).toContain(`Banner ${tag}`);
    expect((await home('flex.localhost')).data).not.toContain(tag);
    // The image went through the upload module and is served from there.
    const stored = (await ok<StaffHomeContent>(await operator.browser.fetch(BASE))).banners.find((b) => b.id === id)!;
    expect(stored).toMatchObject({ brand: 'live', title: `배너 ${tag}`, texts: { en: { title: `Banner ${tag}` } } });
    expect(stored.imageUrl).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{32}\.png$/);
    const served = await get(stored.imageUrl, { host: 'live.localhost' });
    expect([served.status, served.headers.get('content-type')]).toEqual([200, 'image/png']);

    // Changed: a new title, for every brand; the image is kept when none is sent.
    await ok(await send(operator.browser, `${BASE}/banners/${id}`, form({ ...banner(tag, '*'), title: `바뀐 ${tag}` }), 'PUT'));
    expect((await home('live.localhost')).data).toContain(`바뀐 ${tag}`);
    expect((await home('flex.localhost')).data).toContain(`바뀐 ${tag}`);
    expect((await ok<StaffHomeContent>(await operator.browser.fetch(BASE))).banners.find((b) => b.id === id)?.imageUrl).toBe(stored.imageUrl);

    await ok(await operator.browser.fetch(`${BASE}/banners/${id}`, { method: 'DELETE' }));
    expect((await home('flex.localhost')).data).not.toContain(tag);
    expect((await get(stored.imageUrl, { host: 'live.localhost' })).status).toBe(404);

    const log = await audits('banner', id);
    expect(log.map((row) => row.action)).toEqual(['banner.create', 'banner.update', 'banner.delete']);
    expect(log.every((row) => row.actorId === operator.id)).toBe(true);
    expect(JSON.parse(log[1]!.beforeJson!)).toMatchObject({ brand: 'live', title: `배너 ${tag}` });
    expect(JSON.parse(log[1]!.afterJson!)).toMatchObject({ brand: '*', title: `바뀐 ${tag}` });
    expect(log[2]!.afterJson).toBeNull();
  });

  it('popups, themes and logos likewise; a theme code in use is refused, and a removed theme lets its channels go', async () => {
    const operator = await staff();
    const tag = uniqueTag();
    const popup = await ok<StaffContentSaved>(
      await send(operator.browser, `${BASE}/popups`, form({ brand: 'nest', title: `팝업 ${tag}`, body: '본문', startsAt: Date.now() - 1000, endsAt: '', texts: '{}' })),
    );
    const theme = await ok<StaffContentSaved>(
      await send(operator.browser, `${BASE}/themes`, form({ brand: 'nest', code: `c${tag}`, name: `테마 ${tag}`, texts: JSON.stringify({ en: { name: `Theme ${tag}` } }) })),
    );
    const logo = await ok<StaffContentSaved>(await send(operator.browser, `${BASE}/logos`, form({ brand: 'nest', name: `Logo ${tag}`, linkUrl: 'https://partner.example/' }, image())));
    const nest = (await home('nest.localhost', 'en')).data;
    expect(nest).toContain(`팝업 ${tag}`);
    expect(nest).toContain(`Theme ${tag}`);
    expect(nest).toContain(`Logo ${tag}`);
    expect((await get(`/theme/c${tag}`, { host: 'nest.localhost' })).status).toBe(200);
    expect((await get(`/theme/c${tag}`, { host: 'flex.localhost' })).status).toBe(404);
    expect((await audits('popup', popup.id)).map((r) => r.action)).toEqual(['popup.create']);
    expect((await audits('logo', logo.id)).map((r) => r.action)).toEqual(['logo.create']);

    await refused(await send(operator.browser, `${BASE}/themes`, form({ brand: '*', code: `c${tag}`, name: '같은 코드' })), 409, 'THEME_CODE_TAKEN');

    const owner = await member();
    await env.DB.prepare("INSERT INTO channels (owner_id, title, stream_key, theme_id) VALUES (?, '테마 채널', ?, ?)").bind(owner.id, `theme_key_${tag}_abcdefgh`, theme.id).run();
    await ok(await operator.browser.fetch(`${BASE}/themes/${theme.id}`, { method: 'DELETE' }));
    expect(await env.DB.prepare('SELECT theme_id AS themeId FROM channels WHERE owner_id = ?').bind(owner.id).first()).toEqual({ themeId: null });
    expect((await get(`/theme/c${tag}`, { host: 'nest.localhost' })).status).toBe(404);
  });

  it('bad input is refused in the caller’s language and changes nothing, nor stores its image', async () => {
    const operator = await staff();
    const tag = uniqueTag();
    const { id } = await ok<StaffContentSaved>(await send(operator.browser, `${BASE}/banners`, form(banner(tag), image())));
    const before = await dbDigest();
    const objects = (await env.UPLOADS.list()).objects.length;
    const cases: [string, FormData, string, number][] = [
      ['no title', form({ ...banner(tag), title: '' }, image()), 'POST', 400],
      ['a brand no host serves', form({ ...banner(tag), brand: 'nobrand' }, image()), 'POST', 400],
      ['no image', form(banner(tag)), 'POST', 400],
      ['texts not JSON', form({ ...banner(tag), texts: '{en' }, image()), 'POST', 400],
      ['texts in an unknown locale', form({ ...banner(tag), texts: JSON.stringify({ fr: { title: 'x' } }) }, image()), 'POST', 400],
      ['an end before the start', form({ ...banner(tag), startsAt: 2000, endsAt: 1000 }, image()), 'POST', 400],
      ['a script link', form({ ...banner(tag), linkUrl: 'javascript:alert(1)' }, image()), 'POST', 400],
      ['an SVG image', form(banner(tag), file(svgWithScript(), 'x.png', 'image/png')), 'POST', 415],
      ['a change with an SVG image', form(banner(tag), file(svgWithScript(), 'x.png', 'image/png')), 'PUT', 415],
      ['a change of a missing row', form(banner(tag), image()), 'PUT /999999999', 404],
    ];
    for (const [what, body, how, status] of cases) {
      const [method, missing] = how.split(' ');
      const path = method === 'PUT' ? `${BASE}/banners/${missing ? missing.slice(1) : id}` : `${BASE}/banners`;
      const res = await send(operator.browser, path, body, method, 'en');
      const answer = (await res.json()) as { error: { message: string } };
      expect(res.status, what).toBe(status);
      expect(answer.error.message, what).toMatch(/[A-Za-z]/);
    }
    expect((await operator.browser.fetch(`${BASE}/popups/999999999`, { method: 'DELETE' })).status).toBe(404);
    expect(await dbDigest()).toEqual(before);
    expect((await env.UPLOADS.list()).objects.length).toBe(objects);
  });

  it('guests get 401 and members who are not staff 403; nothing changes', async () => {
    const operator = await staff();
    const { id } = await ok<StaffContentSaved>(await send(operator.browser, `${BASE}/banners`, form(banner(uniqueTag()), image())));
    const plain = await member();
    const guest = new Browser('live.localhost');
    const before = await dbDigest();
    for (const [who, status] of [
      [guest, 401],
      [plain.browser, 403],
    ] as const) {
      expect((await who.fetch(BASE)).status).toBe(status);
      expect((await send(who, `${BASE}/banners`, form(banner(uniqueTag()), image()))).status).toBe(status);
      expect((await send(who, `${BASE}/banners/${id}`, form(banner(uniqueTag()), image()), 'PUT')).status).toBe(status);
      expect((await who.fetch(`${BASE}/banners/${id}`, { method: 'DELETE' })).status).toBe(status);
    }
    expect(await dbDigest()).toEqual(before);
  });
});
