// Channel notices: written by the channel's creator and its managers (the managers the creator assigned in
// chat), read by everyone. Bodies are sanitized rich text; images go through the upload module. Every check
// runs before anything is written.

import type { PageRequest } from '../../shared/paging';
import type { ChannelNotice, ChannelNoticeList, LiveBoardCheckResponse, NoticeCreateForm, NoticeUpdateForm } from '../../shared/channel-schemas';
import { PAGE_SCOPES, purgePages } from '../../edge-cache';
import { IMAGE_TYPES, UPLOAD_LIMITS, uploadUrl } from '../../shared/uploads';
import { Refusal } from '../../lib/errors';
import { findChannel, findChannelByLoginId, findChannelByOwner, noticeSummary, type ChannelRow } from '../../db/channels';
import { findOpenLive } from '../../db/streams';
import { deleteNotice, findNotice, findNoticeById, findPinnedNotice, insertNotice, listNotices, noticeImages, updateNotice, type NoticeImageRow, type NoticeRow } from '../../db/notices';
import { checkUpload, discardUploads, storeUpload, type UploadFile } from './uploads';
import { isChannelManager } from './chat-events';
import { plainText, sanitizeRichText } from './rich-text';
import { notFoundChannel } from './watch-error';

/** Who is writing: the signed-in member. */
export interface Writer {
  memberId: number;
  loginId: string;
}

const notFoundNotice = () => new Refusal(404, 'NOTICE_NOT_FOUND', 'notice.errors.notFound');

/** The channel if `writer` may write its notices (its creator, or one of its managers); else 403. */
async function channelFor(env: Env, writer: Writer, channelId: number | undefined): Promise<ChannelRow> {
  if (channelId === undefined) {
    const own = await findChannelByOwner(env.DB, writer.memberId);
    if (!own) throw new Refusal(404, 'NO_CHANNEL', 'errors.noChannel');
    return own;
  }
  const channel = await findChannel(env.DB, channelId);
  if (!channel) throw notFoundChannel();
  if (!(await mayWriteNotices(env, channel, writer))) throw new Refusal(403, 'NOT_CHANNEL_STAFF', 'notice.errors.forbidden');
  return channel;
}

export async function mayWriteNotices(env: Env, channel: ChannelRow, writer: Writer): Promise<boolean> {
  return channel.ownerId === writer.memberId || isChannelManager(env, channel.id, writer.loginId);
}

/** The channel page (cached for guests) shows the notice count and the pinned notice. */
const purgeChannelPage = (env: Env, channelId: number) => purgePages(env, [PAGE_SCOPES.channel(channelId)]);

function cleanBody(body: string): string {
  const html = sanitizeRichText(body);
  if (!plainText(html)) throw new Refusal(400, 'NOTICE_EMPTY', 'notice.errors.empty', { body: 'notice.errors.empty' });
  return html;
}

/** Check every new image first (nothing is stored if one is refused), then store them all. */
async function storeImages(env: Env, writer: Writer, files: UploadFile[], kept: number): Promise<string[]> {
  if (kept + files.length > UPLOAD_LIMITS.noticeImages) throw new Refusal(400, 'TOO_MANY_IMAGES', 'uploads.tooMany', { images: 'uploads.tooMany' });
  const checked = [];
  for (const file of files) checked.push(await checkUpload(file, IMAGE_TYPES));
  const keys: string[] = [];
  for (const c of checked) keys.push((await storeUpload(env, writer.memberId, 'notice', c)).key);
  return keys;
}

function toNotice(row: NoticeRow, images: NoticeImageRow[]): ChannelNotice {
  return {
    noticeId: row.noticeId,
    channelId: row.channelId,
    title: row.title,
    body: row.body,
    pinned: row.pinned === 1,
    images: images.filter((i) => i.noticeId === row.noticeId).map((i) => ({ key: i.key, url: uploadUrl(i.key), contentType: i.contentType, width: i.width, height: i.height })),
    author: row.authorLoginId && row.authorNickname ? { loginId: row.authorLoginId, nickname: row.authorNickname } : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function withImages(db: D1Database, row: NoticeRow): Promise<ChannelNotice> {
  return toNotice(row, await noticeImages(db, [row.noticeId]));
}

export async function createNotice(env: Env, writer: Writer, form: NoticeCreateForm, now = Date.now()): Promise<ChannelNotice> {
  const channel = await channelFor(env, writer, form.channelId);
  const body = cleanBody(form.body);
  const imageKeys = await storeImages(env, writer, form.images, 0);
  const noticeId = await insertNotice(env.DB, { channelId: channel.id, authorId: writer.memberId, title: form.title, body, pinned: form.pinned ?? false, imageKeys, now });
  await purgeChannelPage(env, channel.id);
  return withImages(env.DB, (await findNotice(env.DB, channel.id, noticeId))!);
}

/** The notice's channel decides who may change it: its creator and managers, whoever wrote it. */
export async function editNotice(env: Env, writer: Writer, form: NoticeUpdateForm, now = Date.now()): Promise<ChannelNotice> {
  const existing = await findNoticeById(env.DB, form.noticeId);
  if (!existing) throw notFoundNotice();
  const channel = await channelFor(env, writer, existing.channelId);
  const body = cleanBody(form.body);
  const current = (await noticeImages(env.DB, [existing.noticeId])).map((i) => i.key);
  const kept = form.keepImages.filter((key, i, all) => current.includes(key) && all.indexOf(key) === i);
  const added = await storeImages(env, writer, form.images, kept.length);
  const updated = await updateNotice(env.DB, { channelId: channel.id, noticeId: existing.noticeId, title: form.title, body, pinned: form.pinned ?? false, imageKeys: [...kept, ...added], now });
  if (!updated) throw notFoundNotice();
  await purgeChannelPage(env, channel.id);
  await discardUploads(
    env,
    current.filter((key) => !kept.includes(key)),
  );
  return withImages(env.DB, (await findNotice(env.DB, channel.id, existing.noticeId))!);
}

/** DELETE /api/my/{channelId}/channel-notice/{id}: a notice of that channel only. */
export async function removeNotice(env: Env, writer: Writer, channelId: number, noticeId: number): Promise<{ noticeId: number; deleted: true }> {
  const channel = await channelFor(env, writer, channelId);
  const images = (await noticeImages(env.DB, [noticeId])).map((i) => i.key);
  if (!(await deleteNotice(env.DB, channel.id, noticeId))) throw notFoundNotice();
  await purgeChannelPage(env, channel.id);
  await discardUploads(env, images);
  return { noticeId, deleted: true };
}

/** A channel's notices; canWrite tells the signed-in reader whether they may write them. */
export async function channelNotices(env: Env, channelId: number, page: PageRequest, reader: Writer | null): Promise<ChannelNoticeList> {
  const channel = await findChannel(env.DB, channelId);
  if (!channel) throw notFoundChannel();
  const [{ rows, total }, canWrite] = await Promise.all([listNotices(env.DB, channelId, page), reader ? mayWriteNotices(env, channel, reader) : false]);
  const images = await noticeImages(
    env.DB,
    rows.map((r) => r.noticeId),
  );
  return { ...page, total, items: rows.map((r) => toNotice(r, images)), canWrite };
}

/** POST /v4/api/lives/live-board-check: whether the creator is live, and their notices at a glance. */
export async function liveBoardCheck(db: D1Database, loginId: string): Promise<LiveBoardCheckResponse> {
  const channel = await findChannelByLoginId(db, loginId);
  if (!channel) throw notFoundChannel();
  const [live, summary, pinned] = await Promise.all([findOpenLive(db, channel.id), noticeSummary(db, channel.id), findPinnedNotice(db, channel.id)]);
  return { channelId: channel.id, live: live !== null, streamId: live?.id ?? null, noticeCount: summary.count, latestNoticeAt: summary.latestAt, pinnedNoticeId: pinned?.noticeId ?? null };
}

export async function channelNotice(db: D1Database, channelId: number, noticeId: number): Promise<ChannelNotice> {
  const row = await findNotice(db, channelId, noticeId);
  if (!row) throw notFoundNotice();
  return withImages(db, row);
}

/** The notice pinned to the channel page, if any. */
export async function pinnedNoticeOf(db: D1Database, channelId: number): Promise<ChannelNotice | null> {
  const row = await findPinnedNotice(db, channelId);
  return row ? withImages(db, row) : null;
}
