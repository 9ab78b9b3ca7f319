// The sitemap's data (GET /api/guest/sitemap/{kind}): the pages of one kind every guest may open, newest
// first, a page at a time. The edge turns them into /sitemap.xml on each brand's own host.
import * as z from 'zod';

export const SITEMAP_KINDS = ['live', 'vod', 'notice'] as const;
export type SitemapKind = (typeof SITEMAP_KINDS)[number];

/** The most URLs one sitemap may hold (the sitemaps protocol's limit). */
export const SITEMAP_MAX_URLS = 50_000;
/** The most entries one call answers. */
export const SITEMAP_PAGE_LIMIT = 5_000;

export const sitemapPageSchema = z
  .object({
    entries: z.array(
      z.object({
        id: z.string().describe("What the page is addressed by: a live's creator login ID (/channel/{id}), a recording's stream id (/vod/{id}), a notice's post id (/cs/posts/{id})"),
        lastModified: z.number().int().describe('When it last changed (epoch ms): a live its start, a recording its end, a notice its last edit'),
      }),
    ),
    next: z.string().nullable().describe('Give as `before` for the next page; null: this was the last'),
  })
  .meta({ id: 'SitemapPage' });
export type SitemapPage = z.infer<typeof sitemapPageSchema>;
