// A type test, checked by `npm run typecheck` (never run): a page's loader and its page meet in one type,
// PageDataMap (src/shared/page-props.ts). Each `@ts-expect-error` below must stay an error; were `data` any page's
// record again, the directive would be unused, and that is an error too.
import type { Context } from 'hono';
import type { AppEnv } from '../../src/lib/env';
import type { NotLoaded } from '../../src/pages/load';
import { buildPageProps } from '../../src/render/respond';
import type { PageProps } from '../../src/shared/page-props';
import type { StaffConsolePageData } from '../../src/shared/sanction-schemas';

declare const c: Context<AppEnv>;

const signIn = { title: '로그인', callbackURL: null, invalidCallback: false, savedLoginId: null, socialProviders: [] };

export const loaders = [
  buildPageProps(c, 'SIGNIN', signIn),
  // @ts-expect-error a loader that forgets a field (savedLoginId)
  buildPageProps(c, 'SIGNIN', { title: '로그인', callbackURL: null, invalidCallback: false, socialProviders: [] }),
  // @ts-expect-error a loader that sends a field its page never reads
  buildPageProps(c, 'SIGNIN', { ...signIn, partnerCode: null }),
  // @ts-expect-error another page's data under this key
  buildPageProps(c, 'CHANNEL', signIn),
  // A page whose loader may fail renders with only what the route sets itself...
  buildPageProps(c, 'STAFF_CONSOLE', { title: '운영', query: '' }),
  // @ts-expect-error ...but a loaded page has all of its data, not some of it (lookup, switches, audit)
  buildPageProps(c, 'STAFF_CONSOLE', { title: '운영', query: '', staff: true, reports: null }),
];

/** What loadPageData answers for the console's loader. */
export function failedLoad(data: StaffConsolePageData | NotLoaded<StaffConsolePageData>) {
  // The route's own fields over what the loader answered (perhaps nothing) are the page's data.
  buildPageProps(c, 'STAFF_CONSOLE', { ...data, title: '운영', query: '' });
  // @ts-expect-error without them they are not
  buildPageProps(c, 'STAFF_CONSOLE', data);
}

export function pages(signin: PageProps<'SIGNIN'>, staff: PageProps<'STAFF_CONSOLE'>, any: PageProps) {
  const provider: string | undefined = signin.data.socialProviders[0];
  // @ts-expect-error a page that reads a field its loader never sends (the loader's is savedLoginId)
  const saved = signin.data.savedLoginID;
  // A field a failed load leaves out is read as possibly undefined...
  const lookup: StaffConsolePageData['lookup'] | undefined = staff.data.lookup;
  // @ts-expect-error ...not as surely there
  const surely: StaffConsolePageData['lookup'] = staff.data.lookup;
  // Any page's props say which page they are: the key narrows the data.
  const title = any.page === 'SIGNIN' ? any.data.savedLoginId : null;
  // @ts-expect-error without the key, there is no knowing
  const unknown = any.data.savedLoginId;
  return [provider, saved, lookup, surely, title, unknown];
}
