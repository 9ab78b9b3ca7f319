// Under the pages' Content-Security-Policy (no 'unsafe-eval', src/middleware/security-headers.ts) zod's one-time
// probe `new Function('')` is refused and reported as a securitypolicyviolation, although zod catches it and
// parses without its JIT. `jitless` skips the probe. zod keeps its settings on globalThis.__zod_globalConfig
// (zod/v4/core/core.js, shared by every copy of zod), so this costs main.js nothing: zod itself loads only with
// the code that parses. Imported first by main.tsx, before any chunk can parse.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
