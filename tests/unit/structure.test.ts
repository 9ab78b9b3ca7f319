/// <reference types="vite/client" />
// The code's layout as a checked rule (docs/architecture.md, Layout): which folder may import which, and no import circles;
// and that comments and strings cite only what a clone of the repo has.
// Read from the sources themselves (vite's import.meta.glob as raw text), so a new file is checked the day it
// is added.
import { describe, expect, it } from 'vitest';

const sources: Record<string, string> = {
  ...import.meta.glob('/src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
  ...import.meta.glob('/client/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true }),
};

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx', '.d.ts'];

function resolvePath(from: string, spec: string): string | null {
  const parts = from.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  const base = parts.join('/');
  for (const ext of EXTENSIONS) if (base + ext in sources) return base + ext;
  // Data files (brand configurations, policy texts) are not code: no layout rule applies to them.
  return /\.(json|md)$|\?raw$/.test(base) ? null : `${base} (missing)`;
}

/** Every relative import of every file (static, dynamic, type-only and re-exports alike), and every package import. */
const imports = new Map<string, string[]>();
const packageImports = new Map<string, string[]>();
for (const [file, text] of Object.entries(sources)) {
  const targets: string[] = [];
  const packages: string[] = [];
  for (const m of text.matchAll(/(?:^|[\s;])(?:import|export)\s[^'";]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const spec = (m[1] ?? m[2])!;
    if (!/^\.{1,2}\//.test(spec)) {
      packages.push(spec);
      continue;
    }
    const target = resolvePath(file, spec);
    if (target) targets.push(target);
  }
  imports.set(file, targets);
  packageImports.set(file, packages);
}

/** The domains: each is entered only through its index.ts from outside. */
const DOMAINS = ['api', 'live', 'chat', 'edge-cache', 'errors', 'inbox'] as const;
/** Shared by every part of the Worker; they import no domain and nothing of the edge. */
const COMMON = ['lib', 'shared', 'db'] as const;

function areaOf(file: string): string {
  if (file.startsWith('/client/')) return 'client';
  const [, , top] = file.split('/');
  if (file.split('/').length === 3) return 'entry'; // src/app.ts, src/index.ts
  return top!;
}
const isDomain = (area: string) => (DOMAINS as readonly string[]).includes(area);
const isCommon = (area: string) => (COMMON as readonly string[]).includes(area);

describe('layout', () => {
  it('every relative import names a file that exists', () => {
    const missing = [...imports].flatMap(([file, targets]) => targets.filter((t) => t.endsWith('(missing)')).map((t) => `${file} -> ${t}`));
    expect(missing).toEqual([]);
  });

  it('no import runs from one domain, or the edge, into another domain past its index.ts', () => {
    const wrong: string[] = [];
    for (const [file, targets] of imports) {
      const from = areaOf(file);
      for (const target of targets) {
        const to = areaOf(target);
        if (to === from || !isDomain(to)) continue;
        if (target !== `/src/${to}/index.ts`) wrong.push(`${file} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('lib, shared and db import no domain and nothing of the edge; the API imports nothing of the edge', () => {
    const wrong: string[] = [];
    for (const [file, targets] of imports) {
      const from = areaOf(file);
      for (const target of targets) {
        const to = areaOf(target);
        if (isCommon(from) && !isCommon(to)) wrong.push(`${file} -> ${target}`);
        if (from === 'api' && !isCommon(to) && !isDomain(to)) wrong.push(`${file} -> ${target}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('API routes reach the database only through services: no file in src/api/routes imports src/db', () => {
    const wrong: string[] = [];
    for (const [file, targets] of imports) {
      if (!file.startsWith('/src/api/routes/')) continue;
      for (const target of targets) if (target.startsWith('/src/db/')) wrong.push(`${file} -> ${target}`);
    }
    expect(wrong).toEqual([]);
  });

  it('API services know nothing of HTTP: no file in src/api/services imports hono (but hono/jwt)', () => {
    // hono/jwt is a JWT library (sign and verify a string with a key), not HTTP: sessions and identity tickets use it.
    const wrong: string[] = [];
    for (const [file, packages] of packageImports) {
      if (!file.startsWith('/src/api/services/')) continue;
      for (const spec of packages) if ((spec === 'hono' || spec.startsWith('hono/')) && spec !== 'hono/jwt') wrong.push(`${file} -> ${spec}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the client reaches into src only for src/shared (rules and contracts both ends use)', () => {
    const wrong: string[] = [];
    for (const [file, targets] of imports) {
      if (areaOf(file) !== 'client') continue;
      for (const target of targets) if (target.startsWith('/src/') && !target.startsWith('/src/shared/')) wrong.push(`${file} -> ${target}`);
    }
    expect(wrong).toEqual([]);
  });

  it("the client asks with its own dialogs: no file calls the browser's confirm, alert or prompt", () => {
    // They block the page, cannot be styled or translated in their buttons, and some browsers suppress them: a
    // question is a ConfirmModal (useConfirm), a message the alert modal. The native wrapper's alert is the one
    // exception: there the platform's own dialog is the point (nativeAlert).
    const found: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      if (!file.startsWith('/client/')) continue;
      text.split('\n').forEach((line, i) => {
        const call = /\b(?:window|globalThis|self)\.(confirm|alert|prompt)\s*\(/.exec(line);
        if (call && !(file === '/client/native/bridge.ts' && call[1] === 'alert')) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('the client words a failed call in one place and says it in one: client/data/use-mutation.ts', () => {
    // A call's failure is the server's words, else a fallback key's, and nothing when the global popup said it
    // (docs/architecture.md, "How a page calls the API and shows a failure"): failureWords chooses them, useMutation's form failure
    // (FormStatus) or useFailureNotice (the alert dialog) says them. Toasts say only that something was done.
    // The pages below show a failure that is their content, not a notice: a payment's result, an invite that
    // could not be read.
    const CONTENT = new Set(['/client/pages/PaymentResultPage.tsx', '/client/pages/AgencyInvitesPage.tsx']);
    const found: string[] = [];
    for (const [file, text] of Object.entries(sources)) {
      if (!file.startsWith('/client/') || file === '/client/data/use-mutation.ts') continue;
      text.split('\n').forEach((line, i) => {
        const where = `${file}:${i + 1}: ${line.trim()}`;
        if (/\bmessage \|\|/.test(line) && !CONTENT.has(file)) found.push(where);
        if (/\b(failureText|sayFailure|failedResult)\(\w+, t\(/.test(line)) found.push(where);
        if (/!\w+\.ok\b.*pushToast\(/.test(line)) found.push(where);
        if (/\bfetch\(\s*['"`]\//.test(line)) found.push(where);
      });
    }
    expect(found).toEqual([]);
  });

  it('has no import circles', () => {
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'open');
      stack.push(file);
      for (const next of imports.get(file) ?? []) {
        if (state.get(next) === 'open') circles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
        else if (!state.has(next) && imports.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of [...imports.keys()].sort()) if (!state.has(file)) visit(file);
    expect(circles).toEqual([]);
  });

  it('reads the sources it checks (a glob that matched nothing would pass every rule)', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(200);
    expect(imports.get('/src/index.ts')).toContain('/src/api/index.ts');
    expect(imports.get('/src/api/routes/home.ts')).toContain('/src/api/services/home.ts');
    expect(packageImports.get('/src/api/services/sessions.ts')).toContain('hono/jwt');
  });
});

/** Everything a clone holds that a comment or a string could cite from: code, scripts, tests and docs (this file names the citations it looks for). */
const texts: Record<string, string> = import.meta.glob(
  [
    '/src/**/*.{ts,tsx,sql}',
    '/client/**/*.{ts,tsx,css}',
    '/scripts/**/*.{mjs,mts,ts,sql,toml}',
    '/tests/**/*.{ts,tsx,mjs}',
    '!/tests/unit/structure.test.ts',
    '/docs/**/*.md',
    '/README.md',
    '/wrangler.toml',
    '/config/*.env',
    '/*.config.{ts,mts}',
  ],
  { query: '?raw', import: 'default', eager: true },
);

/** Documents a clone does not have: a specification's sections, a design note, an issue tracker's numbers. */
const CITATION = /\bSPEC\b|\bDESIGN\.md|\b[Ii]ssues? ?#?\d+/;

describe('citations', () => {
  it('no comment or string cites SPEC, DESIGN.md or an issue number: it states the rule or points into docs/', () => {
    const found: string[] = [];
    for (const [file, text] of Object.entries(texts)) {
      text.split('\n').forEach((line, i) => {
        if (CITATION.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('reads the files it checks', () => {
    const files = Object.keys(texts);
    for (const dir of ['/src/', '/client/', '/scripts/', '/tests/', '/docs/']) expect(files.some((f) => f.startsWith(dir))).toBe(true);
    expect(files).toContain('/scripts/start.mjs');
    expect(files).toContain('/docs/architecture.md');
    expect(files).toContain('/config/development.env');
    expect(files).toContain('/playwright.config.ts');
    expect(files).not.toContain('/tests/unit/structure.test.ts');
  });
});

describe('tests in workerd', () => {
  it('no test that runs in workerd resets the module registry (vi.resetModules): it would invalidate every Durable Object of every file sharing the process', () => {
    // The Worker's tests share a workerd process one file after another, several lanes at once (vitest.config.mts).
    // A Durable Object checks on every call that the Worker's main module is the one it was made from; after a reset
    // it is not, and the object throws ("src/index.ts changed, invalidating this Durable Object"): a chat room in
    // the middle of another file's run stopped answering. Tests that need fresh module state run under happy-dom
    // (tests/components).
    const found = Object.entries(texts)
      .filter(([file, text]) => /^\/tests\/(unit|worker)\//.test(file) && /\bvi\.resetModules\(/.test(text))
      .map(([file]) => file);
    expect(found).toEqual([]);
    expect(Object.keys(texts).some((file) => file.startsWith('/tests/worker/'))).toBe(true);
  });
});
