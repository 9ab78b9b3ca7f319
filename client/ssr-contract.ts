// Type-only check that client/ssr.ts satisfies the contract the Worker compiles against.
import type * as Contract from '../src/shared/client-ssr';
import * as implementation from './ssr';

export const ssrContract: typeof Contract = implementation;
