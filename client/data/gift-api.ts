import type { GiftRequest } from '../../src/shared/luv-schemas';
import { DEFAULT_PRESETS } from '../../src/shared/luv-limits';
import { ApiError, apiKey, call, callKey } from './api';

// The calls of gifting: the member's wallet, a channel's presets, the gift itself, and the creator's own
// presets in the studio. SWR keys are the API paths, so whatever else shows the wallet updates with them.

/** The member's wallet (GET /api/luv/luv-sum); a gift sets it from its answer. */
export const LUV_SUM_KEY = apiKey('/api/luv/luv-sum');
/** A creator's presets as the gift dialog offers them. */
export const channelPresetsKey = (channelId: number) => apiKey('/api/channels/:id/luv-preset', { param: { id: channelId } });
/** The signed-in creator's own presets (studio). */
export const MY_PRESETS_KEY = apiKey('/api/my/channel/luv-preset');

/**
 * The presets the dialog offers. A 404 (a server without the presets call yet) falls back to the
 * defaults every creator starts with; any other failure is an error the dialog shows.
 */
export async function fetchChannelPresets(key: ReturnType<typeof channelPresetsKey>): Promise<number[]> {
  const result = await callKey(key);
  if (result.ok && result.body) return result.body.presets;
  if (result.status === 404) return [...DEFAULT_PRESETS];
  throw new ApiError(result.status, result.message, result.code);
}

export const sendGift = (request: GiftRequest) => call('POST', '/api/luv/gift', { json: request });

export const saveMyPresets = (presets: number[]) => call('POST', '/api/my/channel/luv-preset', { json: { presets } });
