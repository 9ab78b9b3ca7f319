/// <reference types="vite/client" />
// No form may submit by GET: one without a method does, natively, before the page has hydrated, with every field
// (a password too) in the URL. Read from the sources (vite's import.meta.glob as raw text), so a form added
// tomorrow is checked too.
import { describe, expect, it } from 'vitest';

const sources: Record<string, string> = import.meta.glob('/client/**/*.tsx', { query: '?raw', import: 'default', eager: true });

/** The source without its comments (a comment may well name a <form>), strings left as they are. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

/** The opening tag that starts at `at` ("<form ... >"): a `>` inside braces or quotes (an arrow, a comparison) is not its end. */
function openingTag(text: string, at: number): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = at + 1; i < text.length; i++) {
    const ch = text[i]!;
    if (quote) {
      if (ch === quote && text[i - 1] !== '\\') quote = null;
    } else if (ch === '"' || ch === "'" || ch === '`') quote = ch;
    else if (ch === '{') depth++;
    else if (ch === '}') depth--;
    else if (ch === '>' && depth === 0) return text.slice(at, i + 1);
  }
  throw new Error(`unclosed tag at ${at}`);
}

/** Every JSX <form> opening tag of the client, by file. */
function forms(): { file: string; tag: string }[] {
  return Object.entries(sources).flatMap(([file, text]) => {
    const code = withoutComments(text);
    return [...code.matchAll(/<form[\s>]/g)].map((m) => ({ file, tag: openingTag(code, m.index) }));
  });
}

describe('client forms', () => {
  it('every <form> has method="post"', () => {
    const found = forms();
    // Guards the glob and the scan: the client has dozens of forms.
    expect(found.length).toBeGreaterThan(30);
    expect(found.filter(({ tag }) => !/\smethod="post"/.test(tag)).map(({ file, tag }) => `${file}: ${tag.replace(/\s+/g, ' ').slice(0, 80)}`)).toEqual([]);
  });

  it('the scan reads a tag to its end, past arrows and braces, and sees a method missing', () => {
    const code = '<form className="a" onSubmit={(e) => { if (a > b) go(e); }} method="post">';
    expect(openingTag(code, 0)).toBe(code);
    expect(withoutComments('{/* Not a <form>: */}\n<form>')).toBe('{}\n<form>');
  });
});
