import { Hono } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../env';
import { validate } from '../validate';
import { optionalMember } from '../middleware/auth';
import { CHANNEL_SETTINGS_PATHS, PAGE_DEFAULTS, MAX_PAGE_LIMIT } from '../../shared/streams-api';
import { CACHE_MS } from '../../shared/constants';
import { listBanners, listLogos, listPopups, listThemes } from '../db/home-content';
import { DEVICES, deviceClass, suggestions, viewMain } from '../services/home';
import { channelSubscriberCount, findNewBoard } from '../services/channels';
import { answer, channelIdQuery, id, settingsOf } from './watch-params';

const deviceQuery = z.object({ device: z.enum(DEVICES).default('UNKNOWN') });

/** The home page's calls (SPEC §7 Guest and Other: view-main). */
export const homeRoutes = new Hono<ApiEnv>()
  .get('/api/my/view-main', optionalMember(), validate('query', deviceQuery), async (c) =>
    c.json(await viewMain(c.env.DB, await settingsOf(c), c.var.optionalSession?.memberId ?? null, c.req.valid('query').device)),
  )
  .get('/api/guest/banners', async (c) => c.json({ items: await listBanners(c.env.DB, 'classic', Date.now()) }))
  .get('/api/guest/banners-newstyle', async (c) => c.json({ items: await listBanners(c.env.DB, 'new', Date.now()) }))
  .get('/api/guest/popups', async (c) => c.json({ items: await listPopups(c.env.DB, Date.now()) }))
  .get('/api/guest/themes', validate('query', deviceQuery), async (c) => c.json({ items: await listThemes(c.env.DB, deviceClass(c.req.valid('query').device)) }))
  .get('/api/guest/logo-list', async (c) => c.json({ items: await listLogos(c.env.DB) }))
  .get(
    '/api/guest/suggestion-list',
    optionalMember(),
    validate('query', z.object({ memberId: id.optional(), limit: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().int().min(1).max(MAX_PAGE_LIMIT)).default(PAGE_DEFAULTS.streamLimit) })),
    async (c) => {
      // memberId is honoured only for the signed-in member themself: suggestions leave out what a member
      // watched, so answering for anyone else would tell their history.
      const { memberId, limit } = c.req.valid('query');
      const session = c.var.optionalSession;
      const forMember = session && (memberId === undefined || memberId === session.memberId) ? session.memberId : null;
      return c.json(await suggestions(c.env.DB, await settingsOf(c), forMember, limit));
    },
  )
  .get('/api/guest/subscriber-count', validate('query', channelIdQuery), async (c) => answer(c, () => channelSubscriberCount(c.env.DB, c.req.valid('query').channelId)))
  .get(
    '/api/guest/find-new-board',
    validate('query', z.object({ channelId: id, since: z.string().regex(/^\d{1,15}$/).transform(Number).optional() })),
    async (c) => answer(c, () => findNewBoard(c.env.DB, c.req.valid('query').channelId, c.req.valid('query').since)),
  )
  // The edge keeps this answer 10 minutes (src/proxy/channel-settings.ts); other caches may too.
  .get(CHANNEL_SETTINGS_PATHS.guest, async (c) => {
    c.header('cache-control', `public, max-age=${CACHE_MS.channelSettings / 1000}`);
    return c.json(await settingsOf(c));
  });
