// Security rows for staff's editing of home content (/api/admin/home-content/...): only P and O members get in;
// what staff upload passes the upload module's checks; what staff link to stays on the site or on https.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Browser, signUpMember } from './helpers';
import { dbDigest } from './security-sweep';
import { securityRow } from './security-table';
import { uniqueTag } from './unique';
import { file, png, svgWithScript } from './upload-fixtures';

const BASE = '/api/admin/home-content';
const KINDS = ['banners', 'popups', 'themes', 'logos'] as const;

function form(fields: Record<string, string | number>, image?: File): FormData {
  const out = new FormData();
  for (const [k, v] of Object.entries(fields)) out.append(k, String(v));
  if (image) out.append('image', image);
  return out;
}
const bodyOf = (kind: (typeof KINDS)[number], tag: string): Record<string, string | number> =>
  ({
    banners: { brand: '*', style: 'classic', title: `t${tag}`, linkUrl: '/', startsAt: 0 },
    popups: { brand: '*', title: `t${tag}`, body: 'b', startsAt: 0 },
    themes: { brand: '*', code: `c${tag}`, name: `t${tag}` },
    logos: { brand: '*', name: `t${tag}`, linkUrl: '/' },
  })[kind];

async function memberWithRole(role: string | null) {
  const { browser, loginId } = await signUpMember(new Browser());
  if (role) await env.DB.prepare('UPDATE members SET role = ? WHERE login_id = ?').bind(role, loginId).run();
  return browser;
}

/** Every call of the content routes, against row `id` of each kind. */
function calls(ids: Record<string, number>) {
  const tag = uniqueTag();
  return [
    { label: `GET ${BASE}`, run: (b: Browser) => b.fetch(BASE) },
    ...KINDS.flatMap((kind) => [
      { label: `POST ${BASE}/${kind}`, run: (b: Browser) => b.fetch(`${BASE}/${kind}`, { method: 'POST', body: form(bodyOf(kind, tag), file(png(10, 10), 'a.png')) }) },
      { label: `PUT ${BASE}/${kind}/:id`, run: (b: Browser) => b.fetch(`${BASE}/${kind}/${ids[kind]}`, { method: 'PUT', body: form(bodyOf(kind, `${tag}u`), file(png(10, 10), 'a.png')) }) },
      { label: `DELETE ${BASE}/${kind}/:id`, run: (b: Browser) => b.fetch(`${BASE}/${kind}/${ids[kind]}`, { method: 'DELETE' }) },
    ]),
  ];
}

async function seedRows(): Promise<Record<string, number>> {
  const operator = await memberWithRole('O');
  const ids: Record<string, number> = {};
  for (const kind of KINDS) {
    const res = await operator.fetch(`${BASE}/${kind}`, { method: 'POST', body: form(bodyOf(kind, uniqueTag()), file(png(10, 10), 'a.png')) });
    ids[kind] = ((await res.json()) as { id: number }).id;
  }
  return ids;
}

describe('security: staff home content routes', () => {
  it('guests get 401, members without the P or O role (V, S, J) 403, and nothing is written', async (context) => {
    const ids = await seedRows();
    const who = [
      { name: 'guest', browser: new Browser(), status: 401 },
      { name: 'member (V)', browser: await memberWithRole(null), status: 403 },
      { name: 'ting operator (S)', browser: await memberWithRole('S'), status: 403 },
      { name: 'genie (J)', browser: await memberWithRole('J'), status: 403 },
    ];
    const before = await dbDigest();
    const objects = (await env.UPLOADS.list()).objects.length;
    const through: string[] = [];
    let tried = 0;
    for (const { name, browser, status } of who) {
      for (const call of calls(ids)) {
        tried++;
        const res = await call.run(browser);
        if (res.status !== status) through.push(`${name}: ${call.label} ${res.status}`);
      }
    }
    const after = await dbDigest();
    const written = [...after].filter(([table, digest]) => before.get(table) !== digest).map(([table]) => table);
    const stored = (await env.UPLOADS.list()).objects.length - objects;
    securityRow(context, {
      area: 'access',
      tried: `every home content staff call (${tried / who.length}) as a guest, a member, an S and a J member (${tried} calls)`,
      letThrough: through.length === 0 && written.length === 0 && stored === 0 ? 0 : [...through, ...written.map((t) => `wrote ${t}`), ...(stored ? [`stored ${stored} files`] : [])].join(', '),
      pass: through.length === 0 && written.length === 0 && stored === 0,
    });
    expect(through).toEqual([]);
    expect(written).toEqual([]);
    expect(stored).toBe(0);
  });

  it('staff uploads pass the upload checks, and links stay on the site or on https', async (context) => {
    const operator = await memberWithRole('P');
    const before = await dbDigest();
    const objects = (await env.UPLOADS.list()).objects.length;
    const tries = [
      { label: 'an SVG with script as a banner image', body: form(bodyOf('banners', uniqueTag()), file(svgWithScript(), 'a.png', 'image/png')), kind: 'banners' },
      { label: 'a pixel flood (9000 px a side) as a logo', body: form(bodyOf('logos', uniqueTag()), file(png(9000, 9000), 'a.png', 'image/png')), kind: 'logos' },
      { label: 'a javascript: link', body: form({ ...bodyOf('banners', uniqueTag()), linkUrl: 'javascript:alert(1)' }, file(png(10, 10), 'a.png')), kind: 'banners' },
      { label: 'a protocol-relative link', body: form({ ...bodyOf('logos', uniqueTag()), linkUrl: '//evil.example/' }, file(png(10, 10), 'a.png')), kind: 'logos' },
      { label: 'an http link', body: form({ ...bodyOf('popups', uniqueTag()), linkUrl: 'http://evil.example/' }), kind: 'popups' },
    ];
    const through: string[] = [];
    for (const attempt of tries) {
      const res = await operator.fetch(`${BASE}/${attempt.kind}`, { method: 'POST', body: attempt.body });
      if (res.status < 400) through.push(`${attempt.label} ${res.status}`);
    }
    const stored = (await env.UPLOADS.list()).objects.length - objects;
    const unchanged = JSON.stringify([...(await dbDigest())]) === JSON.stringify([...before]);
    securityRow(context, {
      area: 'uploads',
      tried: `staff home content: ${tries.map((t) => t.label).join(', ')}`,
      letThrough: through.length === 0 && stored === 0 && unchanged ? 0 : [...through, ...(stored ? [`stored ${stored} files`] : []), ...(unchanged ? [] : ['rows written'])].join(', '),
      pass: through.length === 0 && stored === 0 && unchanged,
    });
    expect(through).toEqual([]);
    expect(stored).toBe(0);
    expect(unchanged).toBe(true);
  });
});
