// Emoji: the common set and each channel's own (its creator uploads and deletes them), the member's favorites.
// The chat room turns codes into images itself (src/chat/emoji.ts).

import { EMOJI_LIMITS } from '../../shared/emoji';
import type { Emoji, EmojiCreateForm, EmojiList, FavoriteEmojiResponse, OwnEmojiList, ShowAllEmojiQuery } from '../../shared/emoji-schemas';
import { IMAGE_TYPES, uploadUrl } from '../../shared/uploads';
import { Refusal } from '../../lib/errors';
import { findChannelByOwner } from '../../db/channels';
import { channelEmoji, codeTaken, deleteChannelEmoji, findEmoji, insertChannelEmoji, listEmoji, toggleFavorite, type EmojiRow } from '../../db/emoji';
import { checkUpload, discardUploads, storeUpload } from './uploads';

const view = (r: EmojiRow): Emoji => ({
  emojiId: r.id,
  channelId: r.channelId,
  code: r.code,
  title: r.title,
  key: r.uploadKey,
  url: uploadUrl(r.uploadKey),
  width: r.width,
  height: r.height,
  favorite: r.favorite === 1,
});

/** GET /api/guest/show-all-emoji: `option` is the channel; favorites first for a member. */
export async function showAllEmoji(db: D1Database, q: ShowAllEmojiQuery, memberId: number | null): Promise<EmojiList> {
  if (q.type === 'channel' && q.option === undefined) throw new Refusal(400, 'BAD_REQUEST', 'emoji.errors.channelRequired', { option: 'required' });
  const filter = { common: q.type !== 'channel', channelId: q.type === 'common' ? null : (q.option ?? null), title: q.title || null, memberId };
  const { total, rows } = await listEmoji(db, filter, q);
  return { offset: q.offset, limit: q.limit, total, items: rows.map(view), memberId };
}

async function ownChannelId(db: D1Database, memberId: number): Promise<number> {
  const channel = await findChannelByOwner(db, memberId);
  if (!channel) throw new Refusal(404, 'NO_CHANNEL', 'channelProfile.errors.noChannel');
  return channel.id;
}

/** GET /api/my/channel/emoji */
export async function ownEmoji(db: D1Database, memberId: number): Promise<OwnEmojiList> {
  const rows = await channelEmoji(db, await ownChannelId(db, memberId));
  return { items: rows.map(view), max: EMOJI_LIMITS.perChannel };
}

const tooLarge = () => new Refusal(413, 'EMOJI_TOO_LARGE', 'emoji.errors.tooLarge');
const codeTakenRefusal = () => new Refusal(409, 'EMOJI_CODE_TAKEN', 'emoji.errors.codeTaken', { code: 'emoji.errors.codeTaken' });

/** POST /api/my/channel/emoji: every check (code, cap, image) before the image is stored. */
export async function addOwnEmoji(env: Env, memberId: number, form: EmojiCreateForm, now = Date.now()): Promise<Emoji> {
  const channelId = await ownChannelId(env.DB, memberId);
  if (await codeTaken(env.DB, channelId, form.code)) throw codeTakenRefusal();
  if ((await channelEmoji(env.DB, channelId)).length >= EMOJI_LIMITS.perChannel) throw new Refusal(409, 'EMOJI_LIMIT', 'emoji.errors.limit');
  if (form.image.size > EMOJI_LIMITS.bytes) throw tooLarge();
  const checked = await checkUpload(form.image, IMAGE_TYPES);
  if ((checked.width ?? 0) > EMOJI_LIMITS.side || (checked.height ?? 0) > EMOJI_LIMITS.side) throw tooLarge();
  const stored = await storeUpload(env, memberId, 'emoji', checked, now);
  let id: number | null;
  try {
    id = await insertChannelEmoji(env.DB, { channelId, code: form.code, title: form.title, uploadKey: stored.key, max: EMOJI_LIMITS.perChannel, now });
  } catch {
    // The code was taken between our look and the insert (UNIQUE).
    await discardUploads(env, [stored.key]);
    throw codeTakenRefusal();
  }
  if (id === null) {
    await discardUploads(env, [stored.key]);
    throw new Refusal(409, 'EMOJI_LIMIT', 'emoji.errors.limit');
  }
  return view({ id, channelId, code: form.code, title: form.title, uploadKey: stored.key, width: stored.width!, height: stored.height!, favorite: 0 });
}

/** DELETE /api/my/channel/emoji/{id}: only the channel's own; another channel's or a common one is not found. */
export async function removeOwnEmoji(env: Env, memberId: number, emojiId: number): Promise<{ emojiId: number; deleted: true }> {
  const channelId = await ownChannelId(env.DB, memberId);
  const key = await deleteChannelEmoji(env.DB, channelId, emojiId);
  if (!key) throw new Refusal(404, 'EMOJI_NOT_FOUND', 'emoji.errors.notFound');
  await discardUploads(env, [key]);
  return { emojiId, deleted: true };
}

/** POST /api/lives/change-favorite-emoticon: the caller's own favorites only. */
export async function changeFavorite(db: D1Database, callerId: number, body: { memberId: number; emojiId: number }, now = Date.now()): Promise<FavoriteEmojiResponse> {
  if (body.memberId !== callerId) throw new Refusal(403, 'FORBIDDEN', 'emoji.errors.notYours');
  if (!(await findEmoji(db, body.emojiId))) throw new Refusal(404, 'EMOJI_NOT_FOUND', 'emoji.errors.notFound');
  const favorite = await toggleFavorite(db, callerId, body.emojiId, EMOJI_LIMITS.favorites, now);
  if (favorite === null) throw new Refusal(409, 'EMOJI_FAVORITES_FULL', 'emoji.errors.favoritesFull');
  return { emojiId: body.emojiId, favorite };
}
