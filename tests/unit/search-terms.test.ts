import { describe, expect, it } from 'vitest';
import { searchTerms } from '../../src/db/search';

// A two-character query reads the index's terms in [pair, successor): the successor is a string of characters,
// whatever the pair's last character.
describe('search terms', () => {
  it('makes a phrase of three or more characters, quotes doubled', () => {
    expect(searchTerms('하늘의 "수다"')).toEqual(['"하늘의 ""수다"""', null]);
  });

  it("ends a pair's range at its last character's successor, past the surrogates and the last code point", () => {
    expect(searchTerms('수다')).toEqual(['수다', '수닥']);
    expect(searchTerms('AB')).toEqual(['ab', 'ac']);
    expect(searchTerms('가\uD7FF')).toEqual(['가\uD7FF', '가\uE000']);
    expect(searchTerms('가\u{10FFFF}')).toEqual(['가\u{10FFFF}', '각']);
    // No lone surrogate: UTF-8 (what D1 binds) has no way to write one.
    for (const [, to] of [searchTerms('가\uD7FF'), searchTerms('가\u{10FFFF}')]) expect(to).not.toMatch(/[\uD800-\uDFFF]/u);
  });
});
