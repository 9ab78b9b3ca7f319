/** The file the e2e server writes its SQL control port to, in the test state folder. */
export function controlPortFile(state: string): string;
export function splitStatements(sql: string): string[];
