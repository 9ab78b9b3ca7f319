/** The file the e2e server writes its SQL control port to, in the test state folder. */
export function controlPortFile(state: string): string;
export function splitStatements(sql: string): string[];
/** The control port's path for a JSON list of `{sql, params}` run as one batch. */
export const BATCH_PATH: string;
/** The answer of a server running on `state` to a POST of `body` to `path` of its control port; null when none answers. */
export function askRunningServer(state: string, path: string, body: unknown): Promise<Response | null>;
