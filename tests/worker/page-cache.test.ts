// The edge page cache (src/pages/guest-cache.ts, src/edge-cache/): guests' home, channel and theme pages
// come from the cache; brand, locale and device class each get their own copy; a member never gets the
// guests' copy; a live starting or ending and an operator's change purge; the gate still decides first;
// nothing incomplete, failed or not a 200 is kept.
import { SELF, env } from 'cloudflare:test';
import { Hono, type Context } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../../src/lib/env';
import { brand } from '../../src/middleware/brand';
import { locale } from '../../src/middleware/locale';
import { clientContext } from '../../src/middleware/client-context';
import { buildPageProps } from '../../src/render/respond';
import { guestPage, type PageBuild } from '../../src/pages/guest-cache';
import { app } from '../../src/app';
import { PAGE_SCOPES, purgePages } from '../../src/edge-cache/epochs';
import { expiryFromNow } from '../../src/edge-cache/store';
import { PURGE_REACH_MS } from '../../src/shared/page-cache';
import type { ChannelData } from '../../src/shared/page-props';
import { get, propsOf, setFlags, signUpMember } from './helpers';
import { uniqueTag } from './unique';

type Props = {
  page: string;
  me: { loginId: string } | null;
  pendingMe?: { loginId: string };
  isMobile: boolean;
  appType: string;
  appVersion: number | null;
  locale: string;
  brand: { id: string };
  data: Record<string, unknown>;
};
type HomeProps = Props & { data: { viewMain: { lives: { streamId: number }[]; recentlyWatched: { streamId: number }[] } | null; viewMainIsShared?: boolean } };

const how = (res: Response) => res.headers.get('x-edge-cache');
const MOBILE_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148';
const NATIVE_UA = 'Mozilla/5.0 (Linux; Android 14) FlexLiveApp/3';

async function page(path: string, options: Parameters<typeof get>[1] = {}): Promise<{ res: Response; props: HomeProps; text: string }> {
  const res = await get(path, options);
  const text = await res.text();
  return { res, text, props: propsOf(text) as unknown as HomeProps };
}

const liveIds = (props: HomeProps) => props.data.viewMain?.lives.map((l) => l.streamId) ?? [];

/** A creator with a channel and a stream key (and, optionally, an open live straight into D1, with no purge). */
async function creator() {
  const tag = uniqueTag();
  const loginId = `pc${tag}`;
  const member = await env.DB.prepare("INSERT INTO members (login_id, nickname, password_hash) VALUES (?, ?, 'x') RETURNING id").bind(loginId, `캐시${tag}`).first<{ id: number }>();
  const key = `page_cache_key_${tag}_abcdef`;
  const themeId = (await env.DB.prepare("SELECT id FROM themes WHERE code = 'music'").first<{ id: number }>())!.id;
  const channel = await env.DB.prepare('INSERT INTO channels (owner_id, title, stream_key, theme_id) VALUES (?, ?, ?, ?) RETURNING id')
    .bind(member!.id, `캐시 채널 ${tag}`, key, themeId)
    .first<{ id: number }>();
  return { loginId, key, channelId: channel!.id };
}

/** An open live written into D1 behind the cache's back: no purge, so a cached page does not show it. */
async function silentLive(channelId: number): Promise<number> {
  const row = await env.DB.prepare("INSERT INTO streams (channel_id, kind, source, title, started_at, last_media_at) VALUES (?, 1, 'flex', '몰래 시작', ?, ?) RETURNING id")
    .bind(channelId, Date.now(), Date.now())
    .first<{ id: number }>();
  return row!.id;
}

/** What an encoder sends (see tests/worker/live.test.ts). */
const fetchPut = (path: string, body: BodyInit) => SELF.fetch(`http://localhost:8787${path}`, { method: 'PUT', body });
const segment = new Uint8Array(188 * 4).fill(0x47);
const playlist = (names: string[], ended: boolean) =>
  `${['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:1', '#EXT-X-MEDIA-SEQUENCE:0', ...names.flatMap((n) => ['#EXTINF:1.000000,', n]), ...(ended ? ['#EXT-X-ENDLIST'] : [])].join('\n')}\n`;

/** Ask until `check` passes; a purge reaches every isolate within PURGE_REACH_MS (here it is one isolate). */
async function until<T>(ask: () => Promise<T>, check: (value: T) => boolean, ms = PURGE_REACH_MS + 1500): Promise<T> {
  const end = Date.now() + ms;
  let value = await ask();
  while (!check(value) && Date.now() < end) {
    await new Promise((r) => setTimeout(r, 50));
    value = await ask();
  }
  return value;
}

// tests/worker/setup.ts purges the whole cache before each test: every test starts cold.

describe('guest pages from the edge cache', () => {
  it('serves a guest’s second request from the cache without reading the data again', async () => {
    const first = await page('/');
    expect(first.res.status).toBe(200);
    expect(how(first.res)).toBe('MISS');
    const { channelId } = await creator();
    const hidden = await silentLive(channelId);
    const second = await page('/');
    expect(how(second.res)).toBe('HIT');
    // The same document, byte for byte, but for each answer's own CSP nonce (src/middleware/security-headers.ts).
    const nonceOf = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')![1]!;
    expect(nonceOf(second.res)).not.toBe(nonceOf(first.res));
    expect(second.text).toBe(first.text.replaceAll(nonceOf(first.res), nonceOf(second.res)));
    expect(liveIds(second.props)).not.toContain(hidden); // D1 was not asked: the new live is not there
    // What every page answer carries still comes with a cached one; the browser still keeps nothing.
    expect(second.res.headers.get('cache-control')).toBe('private, no-store');
    expect(second.res.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(second.res.headers.getSetCookie().some((c) => c.startsWith('flx_uuid='))).toBe(true);
    expect(second.res.headers.getSetCookie().some((c) => c.startsWith('XSRF-TOKEN='))).toBe(true);
    // After a purge it is read again.
    await purgePages(env, [PAGE_SCOPES.lists]);
    const third = await page('/');
    expect(how(third.res)).toBe('MISS');
    expect(liveIds(third.props)).toContain(hidden);
  });

  it('keeps one copy per brand, locale and device class, each with its own props', async () => {
    const variants: { label: string; options: Parameters<typeof get>[1]; expect: Partial<Props> }[] = [
      { label: 'flex ko pc', options: {}, expect: { locale: 'ko', isMobile: false, appType: 'main', appVersion: null } },
      { label: 'live brand', options: { host: 'live.localhost' }, expect: { locale: 'ko' } },
      { label: 'english', options: { headers: { 'accept-language': 'en-US,en;q=0.9' } }, expect: { locale: 'en' } },
      { label: 'japanese cookie', options: { cookie: 'flx_locale=ja' }, expect: { locale: 'ja' } },
      { label: 'mobile', options: { headers: { 'user-agent': MOBILE_UA } }, expect: { isMobile: true, appType: 'main' } },
      { label: 'native app', options: { headers: { 'user-agent': NATIVE_UA } }, expect: { isMobile: true, appType: 'embedded', appVersion: 3 } },
    ];
    for (const v of variants) {
      const first = await page('/', v.options);
      expect(how(first.res), v.label).toBe('MISS');
      expect(first.props).toMatchObject(v.expect);
    }
    for (const v of variants) {
      const again = await page('/', v.options);
      expect(how(again.res), v.label).toBe('HIT');
      expect(again.props, v.label).toMatchObject(v.expect);
    }
    expect((await page('/', { host: 'live.localhost' })).props.brand.id).toBe('live');
    expect((await page('/')).props.brand.id).toBe('flex');
  });

  it('keeps the in-app navigation answer (X-Page-Props) too, the same props as the document', async () => {
    const { loginId } = await creator();
    const doc = await page(`/channel/${loginId}`);
    expect(how(doc.res)).toBe('MISS');
    const json = await get(`/channel/${loginId}`, { headers: { 'x-page-props': '1' } });
    // Made from the document's props, which the cache already holds.
    expect(how(json)).toBe('HIT');
    expect(json.headers.get('content-type')).toBe('application/json');
    expect(await json.json()).toEqual(doc.props);
    expect(how(await get(`/channel/${loginId}`))).toBe('HIT');
  });

  it('takes no request with a query (its props hold it) and keeps no 404', async () => {
    for (const path of ['/?utm_source=x', '/channel/nobody404cache', '/theme/no-such-theme']) {
      await get(path);
      const again = await get(path);
      expect(how(again), path).not.toBe('HIT');
    }
    expect((await get('/channel/nobody404cache')).status).toBe(404);
  });

  it('a member’s home is the members’ copy with their own member written in, never the guests’ copy; their recently watched is theirs', async () => {
    const guest = await page('/');
    expect(how(guest.res)).toBe('MISS');
    expect(how((await page('/')).res)).toBe('HIT');
    const { browser, loginId } = await signUpMember();
    const { channelId } = await creator();
    const live = await silentLive(channelId);
    expect((await browser.json('/api/my/streams/played', { channelId })).status).toBe(200);

    const res = await browser.open('/');
    expect(res.status).toBe(200);
    expect(how(res)).toBe('MISS');
    const text = await res.text();
    const props = propsOf(text) as unknown as HomeProps;
    // Rendered as every member's (their places held, never a sign-in button), the member put in right after hydration.
    expect(props.me).toBeNull();
    expect(props.pendingMe).toMatchObject({ loginId });
    expect(text).toContain('class="me me-pending"');
    expect(text).not.toContain('btn btn-primary btn-small');
    // Another member gets the same copy, with their own member and nothing of the first's.
    const second = await signUpMember();
    const theirs = await second.browser.open('/');
    expect(how(theirs)).toBe('HIT');
    const theirText = await theirs.text();
    expect(propsOf(theirText).pendingMe).toMatchObject({ loginId: second.loginId });
    expect(theirText).not.toContain(loginId);
    // The shared part (from the guests' copy), marked so the page asks for the member's own after hydration ...
    expect(props.data.viewMainIsShared).toBe(true);
    expect(props.data.viewMain?.recentlyWatched).toEqual([]);
    // ... which is theirs: the channel they just watched.
    const own = (await (await browser.fetch('/api/my/view-main?device=PC')).json()) as { recentlyWatched: { streamId: number }[] };
    expect(own.recentlyWatched.map((s) => s.streamId)).toContain(live);
    // Their channel and theme pages are their own too, never the guests' copy.
    expect(how(await browser.open(`/channel/${loginId}`))).toBeNull();
    expect(how(await browser.open('/theme/music'))).toBeNull();
    // And the guests' copy holds no member.
    const after = await page('/');
    expect(how(after.res)).toBe('HIT');
    expect(after.props.me).toBeNull();
    expect(after.props.pendingMe).toBeUndefined();
  });

  it('a member’s visit on a cold cache stores only what a guest would see', async () => {
    const { browser, loginId } = await signUpMember();
    const { channelId } = await creator();
    const live = await silentLive(channelId);
    expect((await browser.json('/api/my/streams/played', { channelId })).status).toBe(200);
    await purgePages(env, [PAGE_SCOPES.site]);
    const member = propsOf(await (await browser.open('/')).text()) as unknown as HomeProps;
    expect(member.pendingMe).toMatchObject({ loginId });
    const later = await silentLive((await creator()).channelId);
    // The props a guest gets were built during the member's request, as a guest: no member, nothing of theirs.
    const res = await get('/', { headers: { 'x-page-props': '1' } });
    expect(how(res)).toBe('HIT');
    const guest = (await res.json()) as HomeProps;
    expect(guest.me).toBeNull();
    expect(guest.data.viewMain?.recentlyWatched).toEqual([]);
    expect(liveIds(guest)).toContain(live);
    expect(liveIds(guest)).not.toContain(later);
  });
});

describe('purges', () => {
  it('a live starting and ending (ingest) purges the home, theme and channel pages', async () => {
    const { loginId, key, channelId } = await creator();
    for (const path of ['/', '/theme/music', `/channel/${loginId}`]) {
      await get(path);
      expect(how(await get(path)), path).toBe('HIT');
    }
    expect((await fetchPut(`/live/ingest/${key}/index0.ts`, segment)).status).toBe(204);
    expect((await fetchPut(`/live/ingest/${key}/index.m3u8`, playlist(['index0.ts'], false))).status).toBe(204);
    const stream = await env.DB.prepare('SELECT id FROM streams WHERE channel_id = ? AND ended_at IS NULL').bind(channelId).first<{ id: number }>();
    const streamId = stream!.id;

    const home = await until(
      () => page('/'),
      (p) => liveIds(p.props).includes(streamId),
    );
    expect(liveIds(home.props)).toContain(streamId);
    const theme = await until(
      () => page('/theme/music'),
      (p) => ((p.props.data.lives as { streamId: number }[]) ?? []).some((l) => l.streamId === streamId),
    );
    expect((theme.props.data.lives as { streamId: number }[]).map((l) => l.streamId)).toContain(streamId);
    const channel = await until(
      () => page(`/channel/${loginId}`),
      (p) => (p.props.data.channelPage as { live: unknown }).live !== null,
    );
    expect((channel.props.data.channelPage as { live: { streamId: number } | null }).live?.streamId).toBe(streamId);
    expect(how(await get(`/channel/${loginId}`))).toBe('HIT');

    // The encoder's closed playlist ends it: the live leaves the cached pages too.
    expect((await fetchPut(`/live/ingest/${key}/index.m3u8`, playlist(['index0.ts'], true))).status).toBe(204);
    const ended = await until(
      () => page('/'),
      (p) => !liveIds(p.props).includes(streamId),
    );
    expect(liveIds(ended.props)).not.toContain(streamId);
    const offline = await until(
      () => page(`/channel/${loginId}`),
      (p) => (p.props.data.channelPage as { live: unknown }).live === null,
    );
    expect((offline.props.data.channelPage as { live: unknown; recorded: { streamId: number }[] }).live).toBeNull();
    expect((offline.props.data.channelPage as { recorded: { streamId: number }[] }).recorded.map((r) => r.streamId)).toContain(streamId);
  });

  it('the creator marking the channel adult (PUT /api/my/channel/settings) purges the lists and its page', async () => {
    const { browser, loginId } = await signUpMember();
    const owner = await env.DB.prepare('SELECT id FROM members WHERE login_id = ?').bind(loginId).first<{ id: number }>();
    const channel = await env.DB.prepare("INSERT INTO channels (owner_id, title, stream_key) VALUES (?, '설정 채널', ?) RETURNING id")
      .bind(owner!.id, `page_cache_settings_${uniqueTag()}_abcdef`)
      .first<{ id: number }>();
    const live = await silentLive(channel!.id);
    await purgePages(env, [PAGE_SCOPES.site]);
    const adultOf = (p: { props: { data: Record<string, unknown> } }) => (p.props.data.channelPage as { live: { adult: boolean } | null }).live?.adult;
    expect(adultOf(await page(`/channel/${loginId}`))).toBe(false);
    expect(how(await get(`/channel/${loginId}`))).toBe('HIT');
    await page('/');
    expect(how(await get('/'))).toBe('HIT');

    expect((await browser.json('/api/my/channel/settings', { themeCode: null, adult: true }, 'PUT')).status).toBe(200);
    const channelPage = await page(`/channel/${loginId}`);
    expect(how(channelPage.res)).toBe('MISS');
    expect(adultOf(channelPage)).toBe(true);
    expect(how((await page('/')).res)).toBe('MISS');
    expect(liveIds((await page('/')).props)).toContain(live);
  });

  it('an operator’s channel switch (PUT /api/admin/channeling-switching) purges every page', async () => {
    const { channelId, loginId } = await creator();
    const live = await silentLive(channelId);
    await purgePages(env, [PAGE_SCOPES.site]);
    expect(liveIds((await page('/')).props)).toContain(live);
    expect(how((await page('/')).res)).toBe('HIT');
    await get(`/channel/${loginId}`);
    expect(how(await get(`/channel/${loginId}`))).toBe('HIT');

    const { browser, loginId: staff } = await signUpMember();
    await env.DB.prepare("UPDATE members SET role = 'O' WHERE login_id = ?").bind(staff).run();
    try {
      expect((await browser.json('/api/admin/channeling-switching', { broadcasting: false }, 'PUT')).status).toBe(200);
      const home = await page('/');
      expect(how(home.res)).toBe('MISS');
      expect(liveIds(home.props)).toEqual([]); // broadcasting off: no lives listed
      const channel = await page(`/channel/${loginId}`);
      expect(how(channel.res)).toBe('MISS');
      expect((channel.props.data.settings as { broadcasting: boolean }).broadcasting).toBe(false);
    } finally {
      await browser.json('/api/admin/channeling-switching', { broadcasting: true }, 'PUT');
    }
    expect(liveIds((await page('/')).props)).toContain(live);
  });
});

describe('development purge (the browser tests call it after writing D1 directly)', () => {
  it('POST /__dev/page-cache/purge purges every page; production answers 404', async () => {
    await get('/');
    expect(how(await get('/'))).toBe('HIT');
    const res = await SELF.fetch('http://flex.localhost:8787/__dev/page-cache/purge', { method: 'POST' });
    expect(res.status).toBe(204);
    expect(how(await get('/'))).toBe('MISS');
    const production = await app.request('http://flex.localhost/__dev/page-cache/purge', { method: 'POST' }, { ...env, ENVIRONMENT: 'production' });
    expect(production.status).toBe(404);
    expect(how(await get('/'))).toBe('HIT');
  });
});

describe('the gate decides before the cache', () => {
  it('maintenance redirects a cached page at once, and emergency sends a guest to sign in', async () => {
    await get('/');
    expect(how(await get('/'))).toBe('HIT');
    await setFlags({ maintenance: true, emergency: false });
    const closed = await get('/');
    expect(closed.status).toBe(302);
    expect(closed.headers.get('location')).toBe('/notices/maintenance');
    await setFlags({ maintenance: false, emergency: true });
    const emergency = await get('/');
    expect(emergency.status).toBe(302);
    expect(emergency.headers.get('location')).toBe('/signin?callbackURL=%2F');
    await setFlags({ maintenance: false, emergency: false });
    expect(how(await get('/'))).toBe('HIT');
  });
});

describe('what is never kept', () => {
  let calls = 0;
  /** The edge middleware a page sees, and a page whose loader we decide. */
  const probe = (build: (c: Context<AppEnv>) => PageBuild) =>
    new Hono<AppEnv>().use(brand(), locale(), clientContext()).get('/probe/:n', (c) =>
      guestPage(c, async () => {
        calls += 1;
        return build(c);
      }),
    );

  it('a page whose data did not load in full', async () => {
    const app = probe((c) => ({ props: buildPageProps(c, 'HOME', { now: 0, viewMain: null, newBanners: [], logos: [] }), complete: false }));
    const before = calls;
    for (let i = 0; i < 2; i++) expect(how(await app.request('http://flex.localhost/probe/1', {}, env))).toBe('MISS');
    expect(calls - before).toBe(2);
  });

  it('a page whose render failed', async () => {
    // No Suspense boundary holds server-rendered page content today, so a page that throws fails the
    // whole render (500); respondCapturing also refuses a document where a boundary gave up (<!--$!-->).
    // Data no loader sends (a channel page without its channel), so that the page throws while rendering.
    const broken = { title: 'x', channelPage: { channel: null, live: null, recorded: [] } } as unknown as ChannelData;
    const app = probe((c) => ({ props: buildPageProps(c, 'CHANNEL', broken), complete: true }));
    app.onError((_err, c) => c.text('render failed', 500));
    for (let i = 0; i < 2; i++) {
      const res = await app.request('http://flex.localhost/probe/2', {}, env);
      expect(res.status).toBe(500);
      expect(how(res)).not.toBe('HIT');
    }
  });

  it('a complete page is kept (the same probe, so the two above can fail)', async () => {
    const app = probe((c) => ({ props: buildPageProps(c, 'HOME', { now: 0, viewMain: null, newBanners: [], logos: [] }), complete: true }));
    const first = await app.request('http://flex.localhost/probe/3', {}, env);
    await first.text();
    await new Promise((r) => setTimeout(r, 50));
    expect(how(await app.request('http://flex.localhost/probe/3', {}, env))).toBe('HIT');
  });
});

describe('how long a kept page lives', () => {
  it('is PAGE_CACHE_TTL_S from when it was built: 15 s unless the Worker is configured otherwise', () => {
    const now = Date.now();
    expect(expiryFromNow({}) - now).toBeGreaterThanOrEqual(15_000);
    expect(expiryFromNow({}) - now).toBeLessThan(16_000);
    expect(expiryFromNow({ PAGE_CACHE_TTL_S: '600' }) - now).toBeGreaterThanOrEqual(600_000);
    // These tests run with the longer lifetime, so a slow machine does not expire a copy between two requests.
    expect((env as Env).PAGE_CACHE_TTL_S).toBe('600');
  });
});
