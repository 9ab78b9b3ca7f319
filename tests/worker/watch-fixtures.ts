import { env } from 'cloudflare:test';
import { expect } from 'vitest';
import { hashPassword } from '../../src/lib/crypto';
import { Browser, signUpMember } from './helpers';
import { act, joined } from './chat-helpers';
import { uniqueTag } from './unique';

// Rows for the watch API tests, written straight into D1 (H1's ingest writes them in real life).

/** Empty every watch table so each test sees only its own channels and streams. */
export async function clearWatchTables(): Promise<void> {
  const tables = [
    'emoji_favorites',
    'emoji',
    'agency_invites',
    'stream_segments',
    'stream_renditions',
    'watch_history',
    'follows',
    'gift_history',
    'subscription_history',
    'subscription_terms',
    'channel_subscriptions',
    'channel_notices',
    'board_visits',
    'board_settings',
    'board_likes',
    'board_comments',
    'board_post_images',
    'board_posts',
    'live_auth_attempts',
    'channel_luv_presets',
    'streams',
    'channels',
    'banners',
    'popups',
    'logos',
  ];
  const existing = new Set((await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()).results.map((r) => r.name));
  await env.DB.batch(tables.filter((t) => existing.has(t)).map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
}

/** A member row without a session (a channel owner nobody signs in as). */
export async function insertMember(flags: { verified?: boolean; adult?: boolean } = {}): Promise<{ id: number; loginId: string }> {
  const loginId = `owner${uniqueTag()}`;
  const row = await env.DB.prepare('INSERT INTO members (login_id, nickname, password_hash, identity_verified, adult) VALUES (?, ?, ?, ?, ?) RETURNING id')
    .bind(loginId, `n${uniqueTag()}`, 'x', +(flags.verified ?? false), +(flags.adult ?? false))
    .first<{ id: number }>();
  return { id: row!.id, loginId };
}

export const memberIdOf = async (loginId: string) => (await env.DB.prepare('SELECT id FROM members WHERE login_id = ?').bind(loginId).first<{ id: number }>())!.id;

/** A signed-in member: 'adult' (verified, born 1995), 'minor' (verified, born 2012) or 'unverified'. */
export async function signedIn(kind: 'adult' | 'minor' | 'unverified' = 'adult'): Promise<{ browser: Browser; id: number; loginId: string }> {
  const person = kind === 'minor' ? { name: '이하나', birthday: '2012-05-01', gender: 'F', phone: '01055556666' } : undefined;
  const { browser, loginId, res } = await signUpMember(new Browser(), {}, person);
  expect(res.status).toBe(200);
  const id = await memberIdOf(loginId);
  if (kind === 'unverified') await env.DB.prepare('UPDATE members SET identity_verified = 0, adult = 0 WHERE id = ?').bind(id).run();
  return { browser, id, loginId };
}

export interface ChannelOptions {
  ownerId?: number;
  title?: string;
  adult?: boolean;
  password?: string;
  themeCode?: string;
  source?: string;
  externalHlsUrl?: string;
  thumbnailAt?: number;
}

export async function insertChannel(o: ChannelOptions = {}): Promise<{ id: number; ownerId: number; ownerLoginId: string }> {
  const owner = o.ownerId
    ? { id: o.ownerId, loginId: (await env.DB.prepare('SELECT login_id FROM members WHERE id = ?').bind(o.ownerId).first<{ login_id: string }>())!.login_id }
    : await insertMember();
  const row = await env.DB.prepare(
    `INSERT INTO channels (owner_id, title, theme_id, stream_key, source, external_hls_url, adult, password_hash, thumbnail_at)
     VALUES (?, ?, (SELECT id FROM themes WHERE code = ?), ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      owner.id,
      o.title ?? `채널 ${uniqueTag()}`,
      o.themeCode ?? 'talk',
      `key${uniqueTag()}`,
      o.source ?? 'flex',
      o.externalHlsUrl ?? null,
      +(o.adult ?? false),
      o.password ? await hashPassword(o.password) : null,
      o.thumbnailAt ?? null,
    )
    .first<{ id: number }>();
  return { id: row!.id, ownerId: owner.id, ownerLoginId: owner.loginId };
}

export interface StreamOptions {
  kind?: 1 | 2;
  title?: string;
  adult?: boolean;
  hasPassword?: boolean;
  viewers?: number;
  startedAt?: number;
  endedAt?: number | null;
  source?: string;
  playbackUrl?: string | null;
}

/** A stream: an open live by default; kind 2 (recorded) gets an end time. */
export async function insertStream(channelId: number, o: StreamOptions = {}): Promise<number> {
  const kind = o.kind ?? 1;
  const startedAt = o.startedAt ?? Date.now() - 60_000;
  const endedAt = o.endedAt !== undefined ? o.endedAt : kind === 2 ? startedAt + 30_000 : null;
  const row = await env.DB.prepare(
    `INSERT INTO streams (channel_id, kind, source, playback_url, title, adult, has_password, started_at, ended_at, duration_ms, viewer_count)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`,
  )
    .bind(
      channelId,
      kind,
      o.source ?? 'flex',
      o.playbackUrl ?? null,
      o.title ?? `방송 ${uniqueTag()}`,
      +(o.adult ?? false),
      +(o.hasPassword ?? false),
      startedAt,
      endedAt,
      endedAt ? endedAt - startedAt : 0,
      o.viewers ?? 0,
    )
    .first<{ id: number }>();
  return row!.id;
}

/** A signed-in creator and their channel. */
export async function creatorWithChannel(o: ChannelOptions = {}) {
  const creator = await signedIn();
  const channel = await insertChannel({ ...o, ownerId: creator.id });
  return { creator, channel };
}

type Member = Awaited<ReturnType<typeof signedIn>>;

/** A member as the chat room knows them (a viewer). */
async function chatIdentity(m: Member) {
  const nickname = (await env.DB.prepare('SELECT nickname FROM members WHERE id = ?').bind(m.id).first<{ nickname: string }>())!.nickname;
  return { memberId: m.id, loginId: m.loginId, nickname, role: 'V' as const };
}

/** A creator's channel and a member the creator made manager in the channel's chat room. */
export async function channelWithManager() {
  const creator = await signedIn();
  const manager = await signedIn();
  const channel = await insertChannel({ ownerId: creator.id });
  const room = String(channel.id);
  const { client } = await joined(room, await chatIdentity(creator));
  const { client: managerSocket } = await joined(room, await chatIdentity(manager));
  expect(await act(client, 'manager_assign', manager.loginId)).toMatchObject({ type: 'action' });
  client.close();
  managerSocket.close();
  return { creator, manager, channel };
}

/** A channel with an open live. */
export async function liveChannel(c: ChannelOptions = {}, s: StreamOptions = {}) {
  const channel = await insertChannel(c);
  const streamId = await insertStream(channel.id, { adult: c.adult, hasPassword: !!c.password, source: c.source, ...s });
  return { ...channel, streamId };
}

export async function setChannelSettings(patch: Record<string, unknown>): Promise<void> {
  const current = (await env.CONFIG.get('channeling', 'json')) as Record<string, unknown>;
  await env.CONFIG.put('channeling', JSON.stringify({ ...current, ...patch }));
}

export async function json<T = Record<string, unknown>>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

export const messageOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

/** A 4xx answer in the error envelope (never a 500). */
export async function expectRefused(res: Response, status: number, message?: string): Promise<void> {
  expect(res.status).toBe(status);
  const body = (await res.json()) as { error?: { code: string; message: string } };
  expect(body.error?.message).toBeTruthy();
  if (message) expect(body.error!.message).toBe(message);
}
