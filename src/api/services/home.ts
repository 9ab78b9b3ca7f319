// The home page's data: operator content in its time window, live channels, suggestions and the
// member's recently watched channels (GET /api/my/view-main and the /api/guest home calls).

import { PAGE_DEFAULTS, type PageRequest } from '../../shared/paging';
import type { Banner, ChannelSettings, ListResponse, Logo, Popup, StreamCard, Theme, ViewMainResponse } from '../../shared/streams-api';
import { listBanners, listLogos, listPopups, listThemes, type Audience } from '../../db/home-content';
import { listFollowedLives, listOpenLives, listRecentlyWatchedStreams, listSuggestedLives } from '../../db/streams';
import { toStreamCard } from './streams';
import type { DeviceType } from '../../shared/device';

export type { Audience };

/** Themes are kept per device class; an unknown device sees only the themes meant for every device. */
export function deviceClass(device: DeviceType): 'PC' | 'MOBILE' | null {
  if (device === 'PC') return 'PC';
  if (device === 'MOBILE_WEB' || device === 'APP') return 'MOBILE';
  return null;
}

/** Banners in their time window, in the order operators set. */
export const homeBanners = (db: D1Database, style: 'classic' | 'new', audience: Audience, now = Date.now()): Promise<Banner[]> => listBanners(db, style, now, audience);
/** Popups in their time window, the most recently started first. */
export const homePopups = (db: D1Database, audience: Audience, now = Date.now()): Promise<Popup[]> => listPopups(db, now, audience);
/** Themes for the device's class (see deviceClass). */
export const homeThemes = (db: D1Database, device: DeviceType, audience: Audience): Promise<Theme[]> => listThemes(db, deviceClass(device), audience);
/** Partner logos: the brand's own and every brand's. */
export const homeLogos = (db: D1Database, brand: string): Promise<Logo[]> => listLogos(db, brand);

const empty = <T>(page: PageRequest): ListResponse<T> => ({ items: [], offset: page.offset, limit: page.limit, total: 0 });

/** Open lives, busiest first: none at all while broadcasting is switched off, adult (and adult-plus) ones only while their broadcasting is on. */
export async function liveList(db: D1Database, settings: ChannelSettings, page: PageRequest): Promise<ListResponse<StreamCard>> {
  if (!settings.broadcasting) return empty(page);
  const { rows, total } = await listOpenLives(db, page, settings);
  return { items: rows.map(toStreamCard), offset: page.offset, limit: page.limit, total };
}

/** Lives the member does not already watch or subscribe to; a guest gets the top lives. */
export async function suggestions(db: D1Database, settings: ChannelSettings, memberId: number | null, limit: number): Promise<ListResponse<StreamCard>> {
  if (!settings.broadcasting) return empty({ offset: 0, limit });
  const items = (await listSuggestedLives(db, memberId, limit, settings)).map(toStreamCard);
  return { items, offset: 0, limit, total: items.length };
}

/** The home page's data as `audience` (a brand, a locale) sees it: that brand's content and every brand's, in that locale. */
export async function viewMain(db: D1Database, settings: ChannelSettings, memberId: number | null, device: DeviceType, audience: Audience, now = Date.now()): Promise<ViewMainResponse> {
  const page = { offset: PAGE_DEFAULTS.offset, limit: PAGE_DEFAULTS.streamLimit };
  const [banners, lives, themes, suggested, recent, followed, popups] = await Promise.all([
    homeBanners(db, 'classic', audience, now),
    liveList(db, settings, page),
    homeThemes(db, device, audience),
    suggestions(db, settings, memberId, PAGE_DEFAULTS.streamLimit),
    memberId ? listRecentlyWatchedStreams(db, memberId, PAGE_DEFAULTS.streamLimit) : Promise.resolve([]),
    memberId && settings.broadcasting ? listFollowedLives(db, memberId, PAGE_DEFAULTS.streamLimit, settings) : Promise.resolve([]),
    homePopups(db, audience, now),
  ]);
  return {
    banners,
    lives: lives.items,
    themes,
    suggestions: suggested.items,
    recentlyWatched: recent.map(toStreamCard),
    followingLives: followed.map(toStreamCard),
    popup: popups[0] ?? null,
  };
}
