// Emoji: the rules both ends keep. A chat message names an emoji as `:code:`; the chat room
// resolves the codes it finds to known emoji (the channel's own, then the common set) and sends their
// upload keys with the message, so a client draws only images the server vouched for, from our own
// upload route. No zod here: the chat chunk and the picker import it (the API's shapes are in emoji-schemas.ts).
import { UPLOAD_KEY_PATTERN, uploadUrl } from './uploads';

export const EMOJI_LIMITS = {
  /** A channel's own emoji. */
  perChannel: 50,
  /** Favorites a member keeps. */
  favorites: 50,
  /** Distinct emoji one chat message may show (more codes stay words). */
  perMessage: 10,
  /** One emoji image's bytes and longest side: emoji are small. */
  bytes: 256 * 1024,
  side: 512,
} as const;

/** A code: 2-20 lower-case letters, digits or underscores. */
export const EMOJI_CODE_PATTERN = /^[a-z0-9_]{2,20}$/;
const TOKEN = /:([a-z0-9_]{2,20}):/g;

/** The distinct codes a text names as :code:, in order of first appearance, at most EMOJI_LIMITS.perMessage. */
export function emojiCodesIn(text: string): string[] {
  const codes: string[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const code = match[1]!;
    if (!codes.includes(code)) codes.push(code);
    if (codes.length >= EMOJI_LIMITS.perMessage) break;
  }
  return codes;
}

/** An emoji as a chat message carries it: its code and the key of its image. */
export interface ChatEmoji {
  code: string;
  key: string;
}

export type EmojiPart = { text: string } | { code: string; url: string };

/**
 * A message's text cut into words and emoji: only codes the message's own list names become images, and
 * only with a key of our upload store (a frame cannot point an image anywhere else).
 */
export function splitEmoji(text: string, emoji: readonly ChatEmoji[] | undefined): EmojiPart[] {
  const known = new Map((emoji ?? []).filter((e) => EMOJI_CODE_PATTERN.test(e.code) && UPLOAD_KEY_PATTERN.test(e.key)).map((e) => [e.code, e.key]));
  if (known.size === 0) return [{ text }];
  const parts: EmojiPart[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    const key = known.get(match[1]!);
    if (!key) continue;
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ code: match[1]!, url: uploadUrl(key) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** The token a picker inserts. */
export const emojiToken = (code: string) => `:${code}:`;
