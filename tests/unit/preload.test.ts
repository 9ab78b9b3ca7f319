// The Worker's list of lazy page modules (modulepreload hints) must name what the client really imports.
import { describe, expect, it } from 'vitest';
import lazyPagesSource from '../../client/app/lazy-pages.ts?raw';
import lazyPlayerSource from '../../client/components/player/LazyPlayer.tsx?raw';
import { PAGE_MODULES, PLAYER_MODULES } from '../../src/render/preload';

describe('modulepreload map', () => {
  it('names the module of every lazy page, and only those', () => {
    const imported = new Set([...lazyPagesSource.matchAll(/import\('\.\.\/pages\/(\w+)'\)/g)].map((m) => `client/pages/${m[1]}.tsx`));
    expect(new Set(Object.values(PAGE_MODULES))).toEqual(imported);
    for (const [key, module] of Object.entries(PAGE_MODULES)) {
      const page = module.slice('client/pages/'.length, -'.tsx'.length);
      // Either `KEY: lazyComponent(() => import('../pages/Page')` or `KEY: someConst` bound to that import.
      const direct = new RegExp(`${key}: lazyComponent\\(\\(\\) => import\\('\\.\\./pages/${page}'\\)`).test(lazyPagesSource);
      const viaConst = new RegExp(`const (\\w+) = lazyComponent\\(\\(\\) => import\\('\\.\\./pages/${page}'\\)`).exec(lazyPagesSource);
      expect(direct || (viaConst !== null && lazyPagesSource.includes(`${key}: ${viaConst[1]},`)), key).toBe(true);
    }
  });

  it('names what LazyPlayer imports for an HLS player', () => {
    for (const module of PLAYER_MODULES) {
      const name = module.slice('client/components/player/'.length).replace(/\.tsx?$/, '');
      expect(lazyPlayerSource, module).toContain(`import('./${name}')`);
    }
  });
});
