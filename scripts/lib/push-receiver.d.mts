// Types for push-receiver.mjs (vitest.config.mts and the browser tests run the loopback push service).
export declare function vapidProblem(header: string | undefined, origin: string, now?: number): string | null;
export declare function startPushReceiver(options?: { port?: number }): Promise<{ origin: string; taken: { id: string; at: number }[]; unref: () => void; stop: () => Promise<void> }>;
