// Each component test starts from an empty document, no cookies and the real fetch; jest-dom's matchers
// (toHaveAccessibleDescription, toBeChecked...) on vitest's expect.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
// As main.tsx does first, before any module parses with zod.
import '../../client/app/zod-jitless';

// findBy* and waitFor wait as long as the browser tests' expect does (playwright.config.ts): a lazily loaded form
// (the login modal's) can take seconds to import on a busy machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  for (const cookie of await cookieStore.getAll()) if (cookie.name) await cookieStore.delete(cookie.name);
  delete document.documentElement.dataset.hydrated;
});
