import { setRecordingPicture } from '../db/live';
import { PICTURE_EVERY_MS, pictureName, pictureTime, r2Keys } from './paths';

type Media = Pick<Env, 'DB' | 'MEDIA'>;

/**
 * A stream's first picture taken from `from` on (epoch ms, its segments' clock), with the start of its stretch; null
 * when it has none that late. A picture is named by the start of its stretch, so the one whose stretch holds `from`
 * counts.
 */
export async function pictureFrom(media: R2Bucket, channelId: number, streamId: number, from: number): Promise<{ key: string; at: number } | null> {
  const prefix = r2Keys.pictures(channelId, streamId);
  const [first] = (await media.list({ prefix, startAfter: prefix + pictureName(from - PICTURE_EVERY_MS), limit: 1 })).objects;
  const at = first ? pictureTime(first.key.slice(prefix.length)) : null;
  return first && at !== null ? { key: first.key, at } : null;
}

/**
 * An ended live's picture for its recording's card and poster: the middle one of those the live kept (one per
 * PICTURE_EVERY_MS, so a four-hour live lists 1,440). Run again when a resumed live ends again. A recording without one
 * is drawn as a tile; a failure here is logged, not answered.
 */
export async function keepRecordingPicture(env: Media, channelId: number, streamId: number): Promise<void> {
  try {
    const prefix = r2Keys.pictures(channelId, streamId);
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await env.MEDIA.list({ prefix, cursor });
      names.push(...page.objects.map((o) => o.key.slice(prefix.length)));
      cursor = page.truncated ? page.cursor : undefined;
    } while (cursor);
    const middle = names.sort()[Math.floor((names.length - 1) / 2)];
    const at = middle === undefined ? null : pictureTime(middle);
    if (at !== null) await setRecordingPicture(env.DB, streamId, at);
  } catch (err) {
    console.warn('recording picture not kept', streamId, err);
  }
}
