// A recording's chat replay: what its channel's room kept of the live (src/chat), for those who may watch it.

import { CHAT_REPLAY, type ChatReplay } from '../../shared/chat-replay-schemas';
import type { ChannelSettings } from '../../shared/streams-api';
import { Refusal } from '../../lib/errors';
import { playbackTokenValid } from '../../lib/playback-token';
import { chatReplay } from '../../chat';
import { findStream } from '../../db/streams';
import { accessFor, type Viewer } from './streams';

/**
 * The lines said during the live `streamId` between `from` and `until` (ms), up to CHAT_REPLAY.maxLines, `next` when
 * more follow (lines of the same millisecond past the limit are left out); without `from`, the `last` lines before
 * `until`. Only for whoever may watch the stream: a
 * password recording with the token its playback carries.
 */
export async function recordingChat(
  env: Env,
  streamId: number,
  { from, until, last, limit, token }: { from?: number; until: number; last?: number; limit?: number; token?: string },
  viewer: Viewer | null,
  settings: ChannelSettings,
  secret: string,
): Promise<ChatReplay> {
  const stream = await findStream(env.DB, streamId);
  if (stream?.source !== 'flex' || stream.kind === 3) throw new Refusal(404, 'STREAM_NOT_FOUND', 'errors.streamNotFound');
  const access = accessFor(stream, viewer, settings);
  const unlocked = access === 'password' && (await playbackTokenValid(secret, stream.id, token));
  if (access !== 'ok' && !unlocked) throw new Refusal(403, 'PLAYBACK_REFUSED', 'chatReplay.refused');
  const { frames, more } = await chatReplay(env, stream.channelId, stream.id, from ?? null, until, from === undefined ? (last ?? CHAT_REPLAY.maxLast) : (limit ?? CHAT_REPLAY.maxLines));
  const lines = frames.map((frame) => JSON.parse(frame) as ChatReplay['lines'][number]);
  return { lines, next: more && lines.length > 0 ? lines.at(-1)!.at + 1 : null };
}
