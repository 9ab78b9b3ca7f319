// A creator's gift presets: the amounts the gift dialog offers on their channel. Stored distinct and
// ascending; a channel whose creator set none offers the defaults.

import { channelExists, findChannelByOwner } from '../../db/channels';
import { findPresets, savePresets } from '../../db/luv-presets';
import { Refusal } from '../../lib/errors';
import { DEFAULT_PRESETS, type LuvPresets } from '../../shared/shop-schemas';
import { notFoundChannel } from './watch-error';

const noChannel = () => new Refusal(404, 'NO_CHANNEL', 'errors.noChannel');

async function ownChannelId(db: D1Database, memberId: number): Promise<number> {
  const channel = await findChannelByOwner(db, memberId);
  if (!channel) throw noChannel();
  return channel.id;
}

const presetsOf = async (db: D1Database, channelId: number): Promise<LuvPresets> => ({ presets: (await findPresets(db, channelId)) ?? [...DEFAULT_PRESETS] });

/** Save the caller's own channel's presets (validated by luvPresetSchema: 1-6 positive integers). */
export async function setOwnPresets(db: D1Database, memberId: number, input: LuvPresets): Promise<LuvPresets> {
  const channelId = await ownChannelId(db, memberId);
  if (new Set(input.presets).size !== input.presets.length) throw new Refusal(400, 'PRESETS_DUPLICATE', 'presets.errors.duplicate', { presets: 'presets.errors.duplicate' });
  const presets = [...input.presets].sort((a, b) => a - b);
  await savePresets(db, channelId, presets);
  return { presets };
}

export async function ownPresets(db: D1Database, memberId: number): Promise<LuvPresets> {
  return presetsOf(db, await ownChannelId(db, memberId));
}

export async function channelPresets(db: D1Database, channelId: number): Promise<LuvPresets> {
  if (!(await channelExists(db, channelId))) throw notFoundChannel();
  return presetsOf(db, channelId);
}
