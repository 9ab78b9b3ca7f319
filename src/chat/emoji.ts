import { emojiCodesIn, type ChatEmoji } from '../shared/emoji';
import { resolveCodes } from '../db/emoji';

/**
 * The emoji a message in a channel's room shows: the :code: tokens its words name that are the channel's
 * own or the common set's (D1, asked only when the words name a code), with their image keys. A client
 * never tells the room where an image is.
 */
export async function chatEmojiOf(db: D1Database, channelId: number, text: string): Promise<ChatEmoji[]> {
  const codes = emojiCodesIn(text);
  if (codes.length === 0) return [];
  const known = await resolveCodes(db, channelId, codes);
  return codes.flatMap((code) => {
    const key = known.get(code);
    return key ? [{ code, key }] : [];
  });
}
