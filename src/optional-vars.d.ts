// Settings the Worker reads with a default of its own when they are not set (none is in wrangler.toml).
interface Env {
  /**
   * How long a guest page is served from the edge cache, in seconds (docs/architecture.md, "Page cache"); 15 when unset.
   * The Worker tests lengthen it, so a slow machine cannot expire a copy between a test's two requests.
   */
  PAGE_CACHE_TTL_S?: string;
}
