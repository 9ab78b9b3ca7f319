import { Hono } from 'hono';
import type { AppEnv } from '../lib/env';

/**
 * A page's form posted natively (its script not run yet, or none at all): every client form has method="post" and
 * no action, so it comes to the page's own path. The answer is a 303 back to that page, as a GET of the same path and
 * query: the fields are dropped, never echoed into the Location, the page or a log. Registered after every page
 * route, so a route that takes a POST of its own (POST /locale, the identity provider's return) answers first.
 */
export const formPosts = new Hono<AppEnv>().post('*', (c) => {
  const url = new URL(c.req.url);
  // Never `//host`: a path that starts with two slashes would be another origin once it is a Location.
  const path = url.pathname.replace(/^\/+/, '/');
  return c.redirect(path + url.search, 303);
});
