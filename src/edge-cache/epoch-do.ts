import { DurableObject } from 'cloudflare:workers';
import { PageEpochsStore } from '../db/page-epochs-state';

/** Bounds on what a caller may ask in one call: scope names are short and a page depends on a few. */
const MAX_SCOPES = 16;
const SCOPE = /^[a-z]+(?::[0-9]{1,16})?$/;

function checked(scopes: string[]): string[] {
  if (!Array.isArray(scopes) || scopes.length === 0 || scopes.length > MAX_SCOPES || !scopes.every((s) => typeof s === 'string' && SCOPE.test(s))) {
    throw new Error('bad page cache scopes');
  }
  return scopes;
}

/**
 * The page cache's purge counters (one object, named 'global'): a number per scope ('site', 'lists',
 * 'channel:<id>') that a purge raises. A cached page remembers the numbers it was built under and is
 * served only while they still hold (src/pages/guest-cache.ts), so a purge reaches every data
 * centre's cache at once without knowing its keys. Strongly consistent, unlike KV (up to 60 s behind).
 * A new number is at least the current time in ms: were this storage ever lost, no old number comes back.
 */
export class PageEpochs extends DurableObject<Env> {
  private readonly store: PageEpochsStore;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new PageEpochsStore(ctx.storage.sql);
  }

  /** The current numbers, in the order asked; 0 for a scope never purged. */
  read(scopes: string[]): number[] {
    return this.store.read(checked(scopes));
  }

  /** Raise each scope's number (a purge); answers the new numbers. */
  bump(scopes: string[]): number[] {
    const now = Date.now();
    return checked(scopes).map((scope) => this.store.bump(scope, now));
  }
}
