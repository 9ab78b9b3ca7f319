// A type test, checked by `npm run typecheck` (never run): the page loaders call the embedded API by its routes
// (src/pages/watch-load.ts's Api, src/proxy/caller.ts's routeJson), and what a route answers is what its
// `c.json(...)` writes (docs/architecture.md, "API contract"). Each `@ts-expect-error` below must stay an error;
// were the path a string again and the answer the caller's word, the directive would be unused, and that is an error too.
import type { Context } from 'hono';
import type { AppEnv } from '../../src/lib/env';
import type { Api } from '../../src/pages/watch-load';
import { type Caller, routeJson } from '../../src/proxy/caller';

declare const c: Context<AppEnv>;
declare const caller: Caller;

export async function loader(api: Api) {
  const stream = await api('/api/streams/:id', { param: { id: 7 } });
  const title: string | undefined = stream.body?.title;
  const profile = await api('/api/my/profile');
  const nickname: string | undefined = profile.body?.profile.nickname;
  // @ts-expect-error a field the route does not answer
  const misspelt = profile.body?.profile.nicknam;
  // @ts-expect-error an answer type of the loader's own: the route says what it answers
  const claimed = await api<{ profile: { nicknam: string } }>('/api/my/profile');
  return [title, nickname, misspelt, claimed];
}

export async function paths(api: Api) {
  // @ts-expect-error a path the API does not have
  await api('/api/my/profiles');
  // @ts-expect-error the path with its parameter filled in: the route is named as registered
  await api('/api/streams/7');
  // @ts-expect-error a parameter the route does not name
  await api('/api/streams/:id', { param: { streamId: 7 } });
  // @ts-expect-error a route that takes a parameter, called without it
  await api('/api/streams/:id');
  // @ts-expect-error a query field the route does not validate
  await api('/api/channels/channel-find', { query: { loginId: 'abc', login: 'abc' } });
  // @ts-expect-error a route that answers POST only, asked with a GET
  await api('/api/personal-auth/nice/return');
}

export async function posts() {
  await routeJson(c, caller, 'POST', '/api/personal-auth/nice/return', { json: { token_version_id: 'v', enc_data: 'e', integrity_value: 'i' } });
  // @ts-expect-error a JSON body without the fields the route validates
  await routeJson(c, caller, 'POST', '/api/personal-auth/nice/return', { json: { token_version_id: 'v' } });
  const done = await routeJson(c, caller, 'POST', '/api/personal-auth/nice/return', { json: { token_version_id: 'v', enc_data: 'e', integrity_value: 'i' } });
  // @ts-expect-error the answer is the route's ({ authKey })
  return done.body?.authkey;
}
