// A type test, checked by `npm run typecheck` (never run): each page under client/pages/ takes its own key's props
// (PageProps<K>, src/shared/page-props.ts) and no other page's. See tests/worker/page-data.types.ts for the loaders.
import type { PageProps } from '../../src/shared/page-props';
import { CsPage } from '../../client/pages/CsPage';
import { SignInPage } from '../../client/pages/SignInPage';

export function pages(signin: PageProps<'SIGNIN'>, home: PageProps<'HOME'>, post: PageProps<'CS_POST'>, any: PageProps) {
  return [
    <SignInPage key="signin" props={signin} />,
    // @ts-expect-error the home page's props for the sign-in page
    <SignInPage key="home" props={home} />,
    // @ts-expect-error any page's props, not known to be the sign-in page's
    <SignInPage key="any" props={any} />,
    // A module that draws several keys takes any of them.
    <CsPage key="post" props={post} />,
  ];
}
