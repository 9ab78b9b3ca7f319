import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import ko from '../../locales/ko.json';
import type { CsPostList } from '../../src/shared/cs-schemas';
import { get } from './helpers';
import { json, signedIn } from './watch-fixtures';

// Title searches of customer service lists go to D1 as LIKE patterns, which D1 refuses over 50 bytes: words that
// would make a longer pattern are refused in the caller's language before any SQL, and % and _ are literal.

const KOREAN_17 = '가나다라마바사아자차카타파하거너더';
const tooLong = [KOREAN_17, 'a'.repeat(49), '%'.repeat(25)];
const fits = [KOREAN_17.slice(0, 16), 'a'.repeat(48), '%'.repeat(24)];
const q = (words: string) => `title=${encodeURIComponent(words)}`;
const ko_ = { headers: { 'accept-language': 'ko' } };

describe('customer service title search', () => {
  it('refuses words that make a pattern D1 cannot take, for guides, notices and inquiries; words that fit are searched', async () => {
    const member = await signedIn();
    const lists = [
      (words: string) => get(`/api/cs/guide-list?${q(words)}`, ko_),
      (words: string) => get(`/api/cs/notice-list?${q(words)}`, ko_),
      (words: string) => member.browser.fetch(`/v2/api/cs/inquiry-list?${q(words)}`, ko_),
    ];
    for (const list of lists) {
      for (const words of tooLong) {
        const res = await list(words);
        expect(res.status, words).toBe(400);
        expect(await res.json()).toEqual({ error: { code: 'BAD_REQUEST', message: ko.search.tooLong, fields: { title: 'search.tooLong' } } });
      }
      for (const words of fits) expect((await list(words)).status, words).toBe(200);
    }
  });

  it('takes % and _ as themselves', async () => {
    const at = Date.now();
    for (const title of ['할인 100% 안내', '할인 1000 안내', 'snake_case 안내', 'snakeXcase 안내']) {
      await env.DB.batch([
        env.DB.prepare("INSERT INTO cs_posts (kind, author_id, created_at, updated_at) VALUES ('guide', NULL, ?1, ?1)").bind(at),
        env.DB.prepare("INSERT INTO cs_post_texts (post_id, locale, title, body) VALUES (last_insert_rowid(), 'ko', ?1, '본문')").bind(title),
      ]);
    }
    const titles = async (words: string) => (await json<CsPostList>(await get(`/api/cs/guide-list?${q(words)}`, ko_))).items.map((p) => p.title);
    expect(await titles('0%')).toEqual(['할인 100% 안내']);
    expect(await titles('e_c')).toEqual(['snake_case 안내']);
  });

  it('the list page says what to change instead of failing to load', async () => {
    for (const path of ['/cs/guides', '/cs/notices']) {
      const page = await get(`${path}?${q(KOREAN_17)}`, ko_);
      expect(page.status).toBe(200);
      // What the page shows (the props after it carry every message of the locale).
      const html = (await page.text()).split('id="__PROPS__"')[0]!;
      expect(html).toContain(ko.search.tooLong);
      expect(html).not.toContain(ko.cs.loadFailed);
    }
  });
});
