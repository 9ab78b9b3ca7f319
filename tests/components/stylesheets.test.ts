// The stylesheets' custom properties: every var(--name) is set somewhere, in a stylesheet or in the brand's colours
// the document writes on <html>. An unset one silently falls back (a board's chosen category was another brand's
// blue). Read from the files in Node: the Worker tests' bundler empties stylesheets.
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readdirSync('client/styles')
  .filter((file) => file.endsWith('.css'))
  .map((file) => readFileSync(`client/styles/${file}`, 'utf8'))
  .join('\n');
const documentSource = readFileSync('src/render/document.tsx', 'utf8');

describe('stylesheets', () => {
  it('use only custom properties that something sets', () => {
    const set = new Set([...css.matchAll(/(--[a-z0-9-]+)\s*:/g), ...documentSource.matchAll(/'(--[a-z0-9-]+)'\s*:/g)].map((m) => m[1]));
    const used = [...new Set([...css.matchAll(/var\((--[a-z0-9-]+)/g)].map((m) => m[1]))];
    expect(used).toContain('--brand-primary');
    expect(used.filter((name) => !set.has(name))).toEqual([]);
  });
});
