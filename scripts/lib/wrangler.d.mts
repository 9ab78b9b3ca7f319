// Types for wrangler.mjs, so the browser tests share its port, state folder and D1 helper.
/** A tool of the project's own node_modules (the pinned Node 22 included). */
export declare function tool(name: string): string;
export interface Target {
  remote?: boolean;
  persistTo?: string;
}
export const WRANGLER: string;
export const DEFAULT_STATE: string;
export const E2E: { port: number; state: string; pgDepositDelayMs: number; statusCacheMs: number };
export function parseTarget(argv: string[]): { remote: boolean; persistTo: string | undefined; words: string[] };
export function targetArgs(target?: Target): string[];
export function wrangler(args: string[], options?: { quiet?: boolean }): string;
export function migrate(target?: Target): void;
export function d1File(file: string, target?: Target): void;
export function d1Command(sql: string, target?: Target): void;
export function d1Query(sql: string, params: unknown[], target?: Target): Promise<Record<string, unknown>[]>;
