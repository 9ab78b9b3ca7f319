// A creator's own channel: registration, the stream key their encoder uses, and the channel's settings
// (title, theme, adult-only and adult-plus, password option).

import { LIVE_PATHS, type ChannelRegisterRequest, type ChannelSettings, type ChannelSettingsRequest, type OwnChannelSettings, type StreamKeyResponse } from '../../shared/streams-api';
import { hashPassword, randomToken } from '../../lib/crypto';
import { findChannelByOwner, findThemeId, insertChannel, setStreamKey, updateChannelStatement, type ChannelRow } from '../../db/channels';
import { findMemberById } from '../../db/members';
import { restrictOpenLiveStatement } from '../../db/streams';
import { Refusal } from '../../lib/errors';
import { PAGE_SCOPES, purgePages } from '../../edge-cache';

/** 24 random bytes, base64url: 32 path-safe characters an encoder can put in its ingest URL. */
const newStreamKey = () => randomToken(24);

const noChannel = () => new Refusal(404, 'NO_CHANNEL', 'errors.noChannel');

function keyResponse(channelId: number, streamKey: string): StreamKeyResponse {
  return { channelId, streamKey, ingestPath: LIVE_PATHS.ingest(streamKey) };
}

async function themeIdOf(db: D1Database, themeCode: string | null | undefined): Promise<number | null> {
  if (!themeCode) return null;
  const id = await findThemeId(db, themeCode);
  if (id === null) throw new Refusal(400, 'THEME_NOT_FOUND', 'errors.themeNotFound');
  return id;
}

/** One channel per member (owner_id is UNIQUE: two racing registrations make one channel). */
export async function registerChannel(db: D1Database, memberId: number, input: ChannelRegisterRequest): Promise<StreamKeyResponse> {
  const themeId = await themeIdOf(db, input.themeCode);
  const streamKey = newStreamKey();
  const id = await insertChannel(db, { ownerId: memberId, title: input.title, description: input.description ?? '', themeId, streamKey });
  if (id === null) throw new Refusal(409, 'CHANNEL_EXISTS', 'errors.channelExists');
  return keyResponse(id, streamKey);
}

export async function streamKeyOf(db: D1Database, memberId: number): Promise<StreamKeyResponse> {
  const channel = await findChannelByOwner(db, memberId);
  if (!channel) throw noChannel();
  return keyResponse(channel.id, channel.streamKey);
}

export async function rotateStreamKey(db: D1Database, memberId: number): Promise<StreamKeyResponse> {
  const streamKey = newStreamKey();
  const id = await setStreamKey(db, memberId, streamKey);
  if (id === null) throw noChannel();
  return keyResponse(id, streamKey);
}

/** The operators' switch the studio shows beside the adult-plus setting (KV `channeling`). */
type AdultPlusSwitch = Pick<ChannelSettings, 'adultPlusBroadcast'>;

/** The settings form's current values (the password itself is never sent back, only whether one is set). */
export async function channelSettingsOf(db: D1Database, memberId: number, switches: AdultPlusSwitch): Promise<OwnChannelSettings> {
  const channel = await findChannelByOwner(db, memberId);
  if (!channel) throw noChannel();
  return {
    channelId: channel.id,
    title: channel.title,
    description: channel.description,
    themeCode: channel.themeCode,
    adult: channel.adult === 1 || channel.adultPlus === 1,
    adultPlus: channel.adultPlus === 1,
    adultPlusBroadcast: switches.adultPlusBroadcast,
    hasPassword: channel.passwordHash !== null,
    maxViewers: channel.maxViewers,
  };
}

/**
 * Adult-plus implies adult: omitted it keeps the channel's while adult stays on, and adult off clears it. Turning it
 * on takes an identity-verified adult creator and the operators' adult-plus switch on (docs/decisions.md,
 * "Watching"); one already on stays on when the switch goes off, and plays to no one until it is back.
 */
async function adultPlusOf(db: D1Database, memberId: number, channel: ChannelRow, input: ChannelSettingsRequest, switches: AdultPlusSwitch): Promise<boolean> {
  const adultPlus = input.adult && (input.adultPlus ?? channel.adultPlus === 1);
  if (!adultPlus || channel.adultPlus === 1) return adultPlus;
  const owner = await findMemberById(db, memberId);
  if (owner?.identityVerified !== 1 || owner.adult !== 1) throw new Refusal(403, 'VERIFIED_ADULT_REQUIRED', 'caster.adultPlusVerifiedOnly');
  if (!switches.adultPlusBroadcast) throw new Refusal(403, 'ADULT_PLUS_BROADCAST_OFF', 'caster.adultPlusOff');
  return true;
}

/**
 * Save the settings; the live on air right now takes the new adult, adult-plus, password and seat options at once
 * (its viewers are judged again at their next playlist, ticket or page; the cached pages that show the channel are purged).
 * Title and description omitted keep theirs: the studio saves those with the profile, so its live settings cannot undo a new name.
 */
export async function updateChannelSettings(env: Env, memberId: number, input: ChannelSettingsRequest, switches: AdultPlusSwitch): Promise<OwnChannelSettings> {
  const db = env.DB;
  const channel = await findChannelByOwner(db, memberId);
  if (!channel) throw noChannel();
  const themeId = await themeIdOf(db, input.themeCode);
  const adultPlus = await adultPlusOf(db, memberId, channel, input, switches);
  const passwordHash = input.password === undefined ? undefined : input.password === null ? null : await hashPassword(input.password);
  const hasPassword = passwordHash === undefined ? channel.passwordHash !== null : passwordHash !== null;
  await db.batch([
    updateChannelStatement(db, channel.id, { title: input.title, description: input.description, themeId, adult: input.adult, adultPlus, passwordHash, maxViewers: input.maxViewers }),
    restrictOpenLiveStatement(db, channel.id, { adult: input.adult, adultPlus, hasPassword }),
  ]);
  // Cards and the channel page show the title, the adult mark and the lock: a guest's cached copy must not keep the old.
  await purgePages(env, [PAGE_SCOPES.lists, PAGE_SCOPES.channel(channel.id)]);
  return {
    channelId: channel.id,
    title: input.title ?? channel.title,
    description: input.description ?? channel.description,
    themeCode: input.themeCode,
    adult: input.adult,
    adultPlus,
    adultPlusBroadcast: switches.adultPlusBroadcast,
    hasPassword,
    maxViewers: input.maxViewers === undefined ? channel.maxViewers : input.maxViewers,
  };
}
