import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../../lib/validate';
import { operation } from '../openapi';
import { optionalMember, requestBrand } from '../middleware/auth';
import { CHANNEL_SETTINGS_PATHS } from '../../shared/streams-api';
import { listResponseSchema, MAX_PAGE_LIMIT, PAGE_DEFAULTS } from '../../shared/paging';
import {
  bannerSchema,
  channelSettingsSchema,
  itemsSchema,
  logoSchema,
  popupSchema,
  streamCardSchema,
  subscriberCountResponseSchema,
  themeSchema,
  viewMainResponseSchema,
} from '../../shared/streams-schemas';
import { CACHE_MS } from '../../shared/constants';
import { homeBanners, homeLogos, homePopups, homeThemes, suggestions, viewMain, type Audience } from '../services/home';
import { deviceSpellingSchema, deviceType } from '../../shared/device';
import { channelSubscriberCount } from '../services/channels';
import { channelIdQuery, id, settingsOf } from './watch-params';

/** The web clients' PCWEB and MOBILEWEB as well as the device type (PC, MOBILE_WEB, APP, UNKNOWN); read as the latter. */
const deviceQuery = z.object({ device: deviceSpellingSchema.default('UNKNOWN').transform(deviceType) });
const NO_CHANNEL = 'No such channel (CHANNEL_NOT_FOUND)';

/**
 * Whose home content a call gets: the brand the edge calls for, in the caller's language. A caller that reached
 * the API without the edge names no brand and gets only what every brand shows.
 */
const audienceOf = (c: Context<ApiEnv>): Audience => ({ brand: requestBrand(c) ?? '', locale: c.var.locale });
const FOR_BRAND = "The brand's own and every brand's, in the caller's language (else Korean)";

/** The home page's calls: view-main and the guests' lists beside it. */
export const homeRoutes = new Hono<ApiEnv>()
  .get(
    '/api/my/view-main',
    operation({
      tag: 'Home',
      summary: "The home page's data in one call",
      description: 'Banners, open lives (busiest first), themes for the device, suggestions, the popup; a member also gets their recently watched. Lives follow the channel switches.',
      ok: viewMainResponseSchema,
    }),
    optionalMember(),
    validate('query', deviceQuery),
    async (c) => c.json(await viewMain(c.env.DB, await settingsOf(c), c.var.optionalSession?.memberId ?? null, c.req.valid('query').device, audienceOf(c))),
  )
  .get('/api/guest/banners', operation({ tag: 'Home', summary: 'Current banners (classic style)', description: FOR_BRAND, ok: itemsSchema(bannerSchema) }), async (c) =>
    c.json({ items: await homeBanners(c.env.DB, 'classic', audienceOf(c)) }),
  )
  .get('/api/guest/banners-newstyle', operation({ tag: 'Home', summary: 'Current banners (new style: the promo cards)', description: FOR_BRAND, ok: itemsSchema(bannerSchema) }), async (c) =>
    c.json({ items: await homeBanners(c.env.DB, 'new', audienceOf(c)) }),
  )
  .get('/api/guest/popups', operation({ tag: 'Home', summary: 'Current popups, the most recently started first', description: FOR_BRAND, ok: itemsSchema(popupSchema) }), async (c) =>
    c.json({ items: await homePopups(c.env.DB, audienceOf(c)) }),
  )
  .get('/api/guest/themes', operation({ tag: 'Home', summary: 'Themes for a device', description: FOR_BRAND, ok: itemsSchema(themeSchema) }), validate('query', deviceQuery), async (c) =>
    c.json({ items: await homeThemes(c.env.DB, c.req.valid('query').device, audienceOf(c)) }),
  )
  .get('/api/guest/logo-list', operation({ tag: 'Home', summary: "Partner logos: the brand's own and every brand's", ok: itemsSchema(logoSchema) }), async (c) =>
    c.json({ items: await homeLogos(c.env.DB, audienceOf(c).brand) }),
  )
  .get(
    '/api/guest/suggestion-list',
    operation({
      tag: 'Home',
      summary: 'Suggested lives',
      description: 'Lives the member does not already watch or subscribe to; a guest (or a memberId other than the signed-in member) gets the top lives.',
      ok: listResponseSchema(streamCardSchema),
    }),
    optionalMember(),
    validate(
      'query',
      z.object({
        memberId: id.optional(),
        limit: z
          .string()
          .regex(/^\d{1,3}$/)
          .transform(Number)
          .pipe(z.number().int().min(1).max(MAX_PAGE_LIMIT))
          .default(PAGE_DEFAULTS.streamLimit),
      }),
    ),
    async (c) => {
      // memberId is honoured only for the signed-in member themself: suggestions leave out what a member
      // watched, so answering for anyone else would tell their history.
      const { memberId, limit } = c.req.valid('query');
      const session = c.var.optionalSession;
      const forMember = session && (memberId === undefined || memberId === session.memberId) ? session.memberId : null;
      return c.json(await suggestions(c.env.DB, await settingsOf(c), forMember, limit));
    },
  )
  .get(
    '/api/guest/subscriber-count',
    operation({ tag: 'Channels', summary: "A channel's subscriber count", ok: subscriberCountResponseSchema, refusals: { 404: NO_CHANNEL } }),
    validate('query', channelIdQuery),
    async (c) => c.json(await channelSubscriberCount(c.env.DB, c.req.valid('query').channelId)),
  )
  // The edge keeps this answer 10 minutes (src/proxy/channel-settings.ts); other caches may too.
  .get(
    CHANNEL_SETTINGS_PATHS.guest,
    operation({ tag: 'Site', summary: "The operators' channel switches", description: 'Kept 10 minutes at the edge and in other caches.', ok: channelSettingsSchema }),
    async (c) => {
      c.header('cache-control', `public, max-age=${CACHE_MS.channelSettings / 1000}`);
      return c.json(await settingsOf(c));
    },
  );
