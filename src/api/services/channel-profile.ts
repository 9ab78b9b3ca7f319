// The channel profile: its name (the channel's title), description, profile image, banner and links. The
// creator edits it; everyone sees it on the channel page.

import { channelLinksSchema, type ChannelLink, type ChannelProfile, type ChannelProfileForm } from '../../shared/channel-schemas';
import { IMAGE_TYPES } from '../../shared/uploads';
import { Refusal } from '../../lib/errors';
import { PAGE_SCOPES, purgePages } from '../../edge-cache';
import { findChannelByOwner, updateChannelProfile, type ChannelRow } from '../../db/channels';
import { checkUpload, describeUpload, discardUploads, storeUpload, type StoredUpload } from './uploads';

/** The stored links; a row that somehow holds something else shows none rather than failing the page. */
export function linksOf(channel: Pick<ChannelRow, 'links'>): ChannelLink[] {
  try {
    const parsed = channelLinksSchema.safeParse(JSON.parse(channel.links));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

const noChannel = () => new Refusal(404, 'NO_CHANNEL', 'channelProfile.errors.noChannel');

const image = (u: StoredUpload | null) => (u?.width && u.height ? { key: u.key, url: u.url, contentType: u.contentType, width: u.width, height: u.height } : null);

async function profileOf(db: D1Database, channel: ChannelRow): Promise<ChannelProfile> {
  const [profileImage, banner] = await Promise.all([describeUpload(db, channel.profileImageKey), describeUpload(db, channel.bannerKey)]);
  return { channelId: channel.id, name: channel.title, description: channel.description, profileImage: image(profileImage), banner: image(banner), links: linksOf(channel) };
}

/** GET /api/my/channel/profile */
export async function ownChannelProfile(db: D1Database, memberId: number): Promise<ChannelProfile> {
  const channel = await findChannelByOwner(db, memberId);
  if (!channel) throw noChannel();
  return profileOf(db, channel);
}

function parseLinks(raw: string | undefined): ChannelLink[] {
  if (raw === undefined || raw.trim() === '') return [];
  try {
    const parsed = channelLinksSchema.safeParse(JSON.parse(raw));
    if (parsed.success) return parsed.data;
  } catch {
    // not JSON: refused below
  }
  throw new Refusal(400, 'BAD_LINKS', 'channelProfile.errors.links', { links: 'channelProfile.errors.links' });
}

/** PUT /api/my/channel/profile: every check (links, both images) before anything is stored. */
export async function updateOwnChannelProfile(env: Env, memberId: number, form: ChannelProfileForm): Promise<ChannelProfile> {
  const channel = await findChannelByOwner(env.DB, memberId);
  if (!channel) throw noChannel();
  const links = parseLinks(form.links);
  const newProfile = form.profileImage ? await checkUpload(form.profileImage, IMAGE_TYPES) : null;
  const newBanner = form.banner ? await checkUpload(form.banner, IMAGE_TYPES) : null;
  const profileImageKey = newProfile ? (await storeUpload(env, memberId, 'channel-profile', newProfile)).key : form.removeProfileImage ? null : channel.profileImageKey;
  const bannerKey = newBanner ? (await storeUpload(env, memberId, 'channel-banner', newBanner)).key : form.removeBanner ? null : channel.bannerKey;
  await updateChannelProfile(env.DB, channel.id, { title: form.name, description: form.description, links: JSON.stringify(links), profileImageKey, bannerKey });
  const replaced = [channel.profileImageKey !== profileImageKey ? channel.profileImageKey : null, channel.bannerKey !== bannerKey ? channel.bannerKey : null].filter((k): k is string => k !== null);
  await discardUploads(env, replaced);
  // Lists show the channel's name; its page shows all of the profile.
  await purgePages(env, [PAGE_SCOPES.lists, PAGE_SCOPES.channel(channel.id)]);
  return profileOf(env.DB, { ...channel, title: form.name, description: form.description, links: JSON.stringify(links), profileImageKey, bannerKey });
}
