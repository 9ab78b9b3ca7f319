// The watch pages as the server renders them: page keys, page data for guests and members, redirects
// of member pages, 404s, and the same props as JSON for in-app navigation.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { type Browser, get, propsOf, signUpMember } from './helpers';
import { uniqueTag } from './unique';

type Props = { page: string; me: { loginId: string } | null; pendingMe?: { loginId: string }; data: Record<string, unknown> };

/** A member with a channel (and, optionally, an open live or a finished recording), straight into D1. */
async function channelWith(options: { live?: boolean; recorded?: boolean; adult?: boolean; password?: boolean; theme?: string } = {}) {
  const tag = uniqueTag();
  const loginId = `caster${tag}`;
  const nickname = `캐스터${tag}`;
  const member = await env.DB.prepare("INSERT INTO members (login_id, nickname, password_hash, identity_verified, adult) VALUES (?, ?, 'x', 1, 1) RETURNING id")
    .bind(loginId, nickname)
    .first<{ id: number }>();
  const themeId = options.theme ? (await env.DB.prepare('SELECT id FROM themes WHERE code = ?').bind(options.theme).first<{ id: number }>())!.id : null;
  const channel = await env.DB.prepare('INSERT INTO channels (owner_id, title, stream_key, theme_id, adult, password_hash) VALUES (?, ?, ?, ?, ?, ?) RETURNING id')
    .bind(member!.id, `${nickname}의 채널`, `key${loginId}`, themeId, options.adult ? 1 : 0, options.password ? 'pbkdf2$x' : null)
    .first<{ id: number }>();
  const channelId = channel!.id;
  const now = Date.now();
  let liveId: number | null = null;
  let recordedId: number | null = null;
  if (options.live) {
    const row = await env.DB.prepare(
      'INSERT INTO streams (channel_id, kind, source, title, adult, has_password, started_at, last_media_at, viewer_count) VALUES (?, 1, ?, ?, ?, ?, ?, ?, 7) RETURNING id',
    )
      .bind(channelId, 'flex', `라이브 ${nickname}`, options.adult ? 1 : 0, options.password ? 1 : 0, now - 65_000, now)
      .first<{ id: number }>();
    liveId = row!.id;
  }
  if (options.recorded) {
    const row = await env.DB.prepare('INSERT INTO streams (channel_id, kind, source, title, adult, started_at, ended_at, duration_ms) VALUES (?, 2, ?, ?, ?, ?, ?, 3600000) RETURNING id')
      .bind(channelId, 'flex', `다시보기 ${nickname}`, options.adult ? 1 : 0, now - 7_200_000, now - 3_600_000)
      .first<{ id: number }>();
    recordedId = row!.id;
  }
  return { loginId, nickname, memberId: member!.id, channelId, liveId, recordedId };
}

/** A page's props, and its rendered markup without the props script (which holds every message). */
async function page(path: string, browser?: Browser): Promise<{ res: Response; props: Props; html: string }> {
  const res = browser ? await browser.open(path) : await get(path);
  const text = await res.text();
  const html = text.replace(/<script id="__PROPS__"[\s\S]*?<\/script>/, '');
  return { res, html, props: propsOf(text) as unknown as Props };
}

describe('home', () => {
  it('carries view-main, the new-style banners and the logos in its props, for the first paint', async () => {
    const caster = await channelWith({ live: true, theme: 'game' });
    const now = Date.now();
    await env.DB.prepare("INSERT INTO banners (style, title, image_url, link_url, starts_at) VALUES ('classic', '봄 이벤트', '/b1.svg', '/e/1', ?), ('new', '새 배너', '/b2.svg', '/e/2', ?)")
      .bind(now - 1000, now - 1000)
      .run();
    await env.DB.prepare("INSERT INTO logos (name, image_url, link_url) VALUES ('파트너', '/l.svg', 'https://partner.example')").run();
    const { res, props, html } = await page('/');
    expect(res.status).toBe(200);
    expect(props.page).toBe('HOME');
    const data = props.data as {
      viewMain: { lives: { streamId: number; creator: { loginId: string } }[]; banners: { title: string }[]; themes: { code: string }[] };
      newBanners: { title: string }[];
      logos: { name: string }[];
      now: number;
    };
    expect(data.viewMain.lives.map((l) => l.streamId)).toContain(caster.liveId);
    expect(data.viewMain.banners.map((b) => b.title)).toContain('봄 이벤트');
    expect(data.viewMain.themes.map((t) => t.code)).toEqual(expect.arrayContaining(['talk', 'game', 'music', 'sports', 'study']));
    expect(data.newBanners.map((b) => b.title)).toContain('새 배너');
    expect(data.logos.map((l) => l.name)).toContain('파트너');
    expect(Math.abs(data.now - Date.now())).toBeLessThan(60_000);
    // Server-rendered: the live card is in the HTML, linking to its channel.
    expect(html).toContain(`href="/channel/${caster.loginId}"`);
    expect(html).toContain(`라이브 ${caster.nickname}`);
  });

  it('knows the member', async () => {
    const { browser, loginId } = await signUpMember();
    const { props } = await page('/', browser);
    expect(props.page).toBe('HOME');
    // The members' shared copy, with this member written in: the page puts them in `me` right after hydration.
    expect(props.me).toBeNull();
    expect(props.pendingMe).toMatchObject({ loginId });
    expect(props.data.viewMain).not.toBeNull();
  });
});

describe('channel page', () => {
  it('shows a live channel to a guest, with a signed playback for an open stream', async () => {
    const caster = await channelWith({ live: true, recorded: true });
    const { res, props } = await page(`/channel/${caster.loginId}`);
    expect(res.status).toBe(200);
    expect(props.page).toBe('CHANNEL');
    const data = props.data as {
      loginId: string;
      title: string;
      channelPage: { channel: { channelId: number; creator: { loginId: string } }; live: { streamId: number; access: string; playback: { url: string } | null }; recorded: { streamId: number }[] };
    };
    expect(data.loginId).toBe(caster.loginId);
    expect(data.title).toContain(caster.nickname);
    expect(data.channelPage.channel.channelId).toBe(caster.channelId);
    expect(data.channelPage.live).toMatchObject({ streamId: caster.liveId, access: 'ok' });
    expect(data.channelPage.live.playback?.url).toBeTruthy();
    expect(data.channelPage.recorded.map((r) => r.streamId)).toEqual([caster.recordedId]);
  });

  it('gates an adult live for a guest with the identity message, and plays nothing', async () => {
    const caster = await channelWith({ live: true, adult: true });
    const { props, html } = await page(`/channel/${caster.loginId}`);
    const live = (props.data as { channelPage: { live: { access: string; playback: unknown } } }).channelPage.live;
    expect(live).toMatchObject({ access: 'identity', playback: null });
    expect(html).toContain('본인인증 후 시청할 수 있는 방송입니다.');
  });

  it('asks for the password of a protected live', async () => {
    const caster = await channelWith({ live: true, password: true });
    const { props, html } = await page(`/channel/${caster.loginId}`);
    expect((props.data as { channelPage: { live: { access: string } } }).channelPage.live.access).toBe('password');
    expect(html).toContain('live-password');
  });

  it('answers 404 NOT_FOUND for an unknown or malformed login ID', async () => {
    for (const path of ['/channel/nobody404x', '/channel/bad%20id%3Cx%3E']) {
      const { res, props } = await page(path);
      expect(res.status).toBe(404);
      expect(props.page).toBe('NOT_FOUND');
    }
  });

  it('answers its props as JSON for in-app navigation', async () => {
    const caster = await channelWith({ live: true });
    const res = await get(`/channel/${caster.loginId}`, { headers: { 'x-page-props': '1' } });
    expect(res.headers.get('content-type')).toContain('application/json');
    const props = (await res.json()) as Props;
    expect(props.page).toBe('CHANNEL');
    expect((props.data as { loginId: string }).loginId).toBe(caster.loginId);
    const missing = await get('/channel/nobody404x', { headers: { 'x-page-props': '1' } });
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as Props).page).toBe('NOT_FOUND');
  });
});

describe('recorded stream page', () => {
  it('renders a recording, sends a live one to its channel, and 404s an unknown one', async () => {
    const caster = await channelWith({ live: true, recorded: true });
    const { props } = await page(`/vod/${caster.recordedId}`);
    expect(props.page).toBe('VOD');
    expect(props.data.stream).toMatchObject({ streamId: caster.recordedId, access: 'ok', creator: { loginId: caster.loginId } });
    const live = await get(`/vod/${caster.liveId}`);
    expect(live.status).toBe(302);
    expect(live.headers.get('location')).toBe(`/channel/${caster.loginId}`);
    for (const path of ['/vod/999999999', '/vod/abc', '/vod/0']) expect((await get(path)).status).toBe(404);
  });
});

describe('member lists', () => {
  it.each([
    ['/my/recent', 'RECENT_VIEW'],
    ['/my/subscriptions', 'SUBSCRIPTIONS_VIEW'],
    ['/my/gifts', 'GIFT_VIEW'],
  ])('%s sends a guest to sign in and shows a member their %s list', async (path, key) => {
    const guest = await get(path);
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe(`/signin?callbackURL=${encodeURIComponent(path)}`);

    const { browser } = await signUpMember();
    const { props } = await page(path, browser);
    expect(props.page).toBe(key);
    expect(props.data.list).toMatchObject({ items: [], offset: 0, limit: 20, total: 0 });
  });

  it('loads the list with the token a refresh just brought when the access token had expired', async () => {
    const { browser } = await signUpMember();
    const spent = browser.jar.get('flx_oauth_refresh');
    browser.jar.set('flx_oauth_access', 'expired.or.garbage');
    const { res, props } = await page('/my/recent', browser);
    expect(res.status).toBe(200);
    expect(props.me).not.toBeNull();
    expect(props.data.list).toMatchObject({ items: [], total: 0 });
    expect(browser.jar.get('flx_oauth_refresh')).not.toBe(spent);
    expect((await browser.fetch('/api/my/profile')).status).toBe(200); // one refresh: the session family lives on
  });

  it('lists what the member watched, newest first, with the channel live', async () => {
    const { browser, loginId } = await signUpMember();
    const me = await env.DB.prepare('SELECT id FROM members WHERE login_id = ?').bind(loginId).first<{ id: number }>();
    const older = await channelWith({ recorded: true });
    const onAir = await channelWith({ live: true });
    await env.DB.batch([
      env.DB.prepare('INSERT INTO watch_history (member_id, channel_id, watched_at) VALUES (?, ?, ?)').bind(me!.id, older.channelId, Date.now() - 60_000),
      env.DB.prepare('INSERT INTO watch_history (member_id, channel_id, watched_at) VALUES (?, ?, ?)').bind(me!.id, onAir.channelId, Date.now()),
    ]);
    const { props } = await page('/my/recent', browser);
    const list = props.data.list as { items: { channelId: number; live: { streamId: number } | null }[]; total: number };
    expect(list.total).toBe(2);
    expect(list.items.map((i) => i.channelId)).toEqual([onAir.channelId, older.channelId]);
    expect(list.items[0]!.live?.streamId).toBe(onAir.liveId);
    expect(list.items[1]!.live).toBeNull();
  });
});

describe('theme page', () => {
  it('shows the lives of its theme only, and 404s an unknown theme', async () => {
    const game = await channelWith({ live: true, theme: 'game' });
    const music = await channelWith({ live: true, theme: 'music' });
    const { props } = await page('/theme/game');
    expect(props.page).toBe('THEME');
    const data = props.data as { code: string; title: string; lives: { streamId: number; themeCode: string }[] };
    expect(data.code).toBe('game');
    expect(data.title).toBe('게임');
    expect(data.lives.map((l) => l.streamId)).toContain(game.liveId);
    expect(data.lives.map((l) => l.streamId)).not.toContain(music.liveId);
    expect(data.lives.every((l) => l.themeCode === 'game')).toBe(true);
    expect((await get('/theme/no-such-theme')).status).toBe(404);
    expect((await get('/theme/%3Cscript%3E')).status).toBe(404);
  });
});

describe('creator studio', () => {
  it('sends a guest to sign in, offers registration, then shows the stream key', async () => {
    const guest = await get('/caster');
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe('/signin?callbackURL=%2Fcaster');

    const { browser } = await signUpMember();
    const before = await page('/caster', browser);
    expect(before.props.page).toBe('CASTER');
    expect(before.props.data).toMatchObject({ channel: null, settings: null, origin: 'http://flex.localhost:8787' });
    expect((before.props.data.themes as { code: string }[]).map((t) => t.code)).toContain('talk');

    const registered = await browser.json('/api/my/chennel-register', { title: '첫 방송', themeCode: 'talk' });
    expect(registered.status).toBe(200);
    const { streamKey } = (await registered.json()) as { streamKey: string };
    const after = await page('/caster', browser);
    expect(after.props.data.channel).toMatchObject({ streamKey, ingestPath: `/live/ingest/${streamKey}` });
  });
});
