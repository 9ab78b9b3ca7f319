import { afterEach, describe, expect, it, vi } from 'vitest';
import { brandSchema } from '../../src/shared/brand-schema';
import { bundledBrands } from '../../src/brands/bundled';
import { hostsConfigSchema } from '../../src/brands/registry';
import hosts from '../../kv-seed/hosts.json';
import { safeCallbackPath } from '../../src/shared/callback-url';
import { isExempt, EXEMPT_PATHS } from '../../src/shared/constants';
import { TtlCache } from '../../src/lib/ttl-cache';
import { hmacSign, hmacVerify } from '../../src/lib/crypto';
import { loadMessages, translatorFor } from '../../src/lib/i18n';
import { LOCALES } from '../../src/shared/locales';
import { PLURAL_ONE_SUFFIX, singularKey } from '../../src/shared/plurals';
import { LOCALE_NAMES } from '../../client/i18n/locale-names';
import { createTranslate } from '../../client/i18n/i18n';
import { formatDate, formatInteger } from '../../client/lib/format';
import { formatDateTime, formatKrw } from '../../client/lib/format-detail';
import { redirectToMaintenance } from '../../client/data/maintenance-redirect';
import ko from '../../locales/ko.json';
import en from '../../locales/en.json';
import zh from '../../locales/zh.json';
import ja from '../../locales/ja.json';
import th from '../../locales/th.json';

type Dict = { [key: string]: string | Dict };
const flatten = (dict: Dict, prefix = ''): string[] => Object.entries(dict).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`)));

describe('brand files', () => {
  const brands = Object.values(bundledBrands).map((raw) => brandSchema.parse(raw));

  it('are six valid brands: two flex sites, shell, bread, nest and live', () => {
    expect(brands.map((b) => b.kind).sort()).toEqual(['bread', 'flex', 'flex', 'live', 'nest', 'shell']);
  });

  it('say coin on the live brand and bell on the others', () => {
    for (const brand of brands) expect(brand.currency).toBe(brand.kind === 'live' ? 'coin' : 'bell');
  });

  it('hold ten cookie domains in all, none shared', () => {
    const domains = brands.flatMap((b) => b.cookieDomains);
    expect(domains).toHaveLength(10);
    expect(new Set(domains).size).toBe(10);
  });

  it('are refused when they break the schema', () => {
    const flex = bundledBrands.flex as Record<string, unknown>;
    expect(brandSchema.safeParse({ ...flex, currency: 'coin' }).success).toBe(false);
    expect(brandSchema.safeParse({ ...flex, defaultLocale: 'th', locales: ['ko'] }).success).toBe(false);
    expect(brandSchema.safeParse({ ...flex, url: 'javascript:alert(1)' }).success).toBe(false);
    expect(brandSchema.safeParse({ ...flex, cookieDomains: [] }).success).toBe(false);
  });

  it('are all reachable from kv-seed hosts on *.localhost', () => {
    const parsed = hostsConfigSchema.parse(hosts);
    for (const brand of brands) expect(parsed.hosts[`${brand.id}.localhost`]).toBe(brand.id);
  });
});

describe('locales', () => {
  const all = { ko, en, zh, ja, th } as Record<string, Dict>;
  const keys = new Set(Object.values(all).flatMap((dict) => flatten(dict)));
  const messageAt = (locale: string, key: string) => key.split('.').reduce<unknown>((d, part) => (d as Dict | undefined)?.[part], all[locale]);

  it.each(Object.keys(all))('%s has every key any locale has, none empty', (locale) => {
    const own = flatten(all[locale]!);
    expect(keys.size).toBeGreaterThan(40);
    expect([...keys].filter((k) => !own.includes(k))).toEqual([]);
    const values = own.map((k) => messageAt(locale, k));
    expect(values.filter((v) => typeof v !== 'string' || v.trim() === '')).toEqual([]);
  });

  it('writes each singular beside its plural with the same placeholders, the same text where the language has one form', () => {
    const placeholders = (s: unknown): string[] => (String(s).match(/\{\{\w+\}\}/g) ?? []).sort();
    const singulars = [...keys].filter((key) => key.endsWith(PLURAL_ONE_SUFFIX));
    expect(singulars.length).toBeGreaterThan(5);
    for (const locale of LOCALES) {
      const oneForm = !new Intl.PluralRules(locale).resolvedOptions().pluralCategories.includes('one');
      for (const key of singulars) {
        const base = key.slice(0, -PLURAL_ONE_SUFFIX.length);
        expect([locale, key, placeholders(messageAt(locale, key))]).toEqual([locale, key, placeholders(messageAt(locale, base))]);
        if (oneForm) expect([locale, key, messageAt(locale, key)]).toEqual([locale, key, messageAt(locale, base)]);
      }
    }
  });

  it('takes the singular exactly where Intl.PluralRules says one, for a count given as a number or as the page writes it', () => {
    for (const locale of LOCALES) {
      const rules = new Intl.PluralRules(locale);
      const [one, other] = [messageAt(locale, 'follow.count_one'), messageAt(locale, 'follow.count')] as string[];
      const t = translatorFor(locale);
      for (let n = 0; n <= 2_000; n++) {
        const form = rules.select(n) === 'one' ? one! : other!;
        for (const count of [n, formatInteger(n, locale)]) expect([locale, count, t('follow.count', { count })]).toEqual([locale, count, form.replace('{{count}}', String(count))]);
      }
    }
    expect(singularKey('k', { count: '1.0' })).toBeNull(); // "1.0 followers": English's 'one' is a whole 1
    expect(translatorFor('en')('follow.count', { count: 1 })).toBe('1 follower');
    expect(translatorFor('en')('follow.count', { count: '1,001' })).toBe('1,001 followers');
    expect(translatorFor('en')('follow.count', { count: 0 })).toBe('0 followers');
    expect([1, 2].map((count) => translatorFor('en')('currency.coin', { count }))).toEqual(['coin', 'coins']); // the brand's currency beside an amount
    expect(createTranslate('en', en)('follow.count', { count: '1' })).toBe('1 follower'); // the browser's, as the page writes counts
    expect(createTranslate('en', en)('follow.count', { count: '11' })).toBe('11 followers');
    expect(translatorFor('ko')('follow.count', { count: 1 })).toBe(translatorFor('ko')('follow.count', { count: 2 }).replace('2', '1'));
  });

  it('keeps every {{placeholder}} of Korean in each translation', () => {
    const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    for (const key of flatten(ko)) {
      const source = placeholders(translatorFor('ko')(key));
      for (const locale of ['en', 'zh', 'ja', 'th'] as const) expect([locale, key, placeholders(translatorFor(locale)(key))]).toEqual([locale, key, source]);
    }
  });

  it("names each locale in its own language as the platform's Intl.DisplayNames does", () => {
    for (const locale of LOCALES) expect([locale, LOCALE_NAMES[locale]]).toEqual([locale, new Intl.DisplayNames([locale], { type: 'language' }).of(locale)]);
  });

  it('writes whole numbers in every locale as Intl.NumberFormat does', () => {
    for (const locale of LOCALES) {
      for (const n of [0, 7, -42, 999, 1_000, -1_234, 12_345, 1_234_567, 987_654_321, Number.MAX_SAFE_INTEGER, 1.5, -0.25]) {
        expect([locale, n, formatInteger(n, locale)]).toEqual([locale, n, new Intl.NumberFormat(locale).format(n)]);
      }
    }
  });

  it('writes won as Intl.NumberFormat does', () => {
    for (const locale of LOCALES) {
      for (const n of [0, 5, -5, 12_000, -1_234_567, Number.MAX_SAFE_INTEGER, 1_234_567.5, -0.4]) {
        expect([locale, n, formatKrw(n, locale)]).toEqual([locale, n, new Intl.NumberFormat(locale, { style: 'currency', currency: 'KRW' }).format(n)]);
      }
    }
  });

  // Dates are written by hand in our locales (no Intl formatter on a page's first render): the same text as Intl's
  // medium date and short time in Korean time, as Chromium writes them.
  const SAMPLES = [Date.UTC(2026, 0, 5, 3, 7), Date.UTC(2026, 0, 5, 15, 7), Date.UTC(2026, 11, 31, 15, 0), Date.UTC(1988, 9, 9, 0, 0), Date.UTC(2024, 1, 28, 15, 59)];
  it('writes dates in Korean time as Intl does, and moments before fixed Korean time through Intl', () => {
    const medium = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'Asia/Seoul' });
    for (const locale of LOCALES) {
      for (let ms = Date.UTC(1988, 9, 1); ms < Date.UTC(2040, 0, 1); ms += 86_400_000 * 37 + 3_600_000 * 5 + 60_000 * 13) {
        expect([locale, ms, formatDate(ms, locale)]).toEqual([locale, ms, medium(locale).format(ms)]);
      }
    }
    expect(SAMPLES.map((ms) => formatDate(ms, 'th'))).toEqual(['5 ม.ค. 2569', '6 ม.ค. 2569', '1 ม.ค. 2570', '9 ต.ค. 2531', '29 ก.พ. 2567']);
    expect(() => formatDate(Number.NaN, 'ko')).toThrow(RangeError);
  });

  it('writes a date and time as Chromium writes Intl medium date, short time', () => {
    const expected: Record<string, string[]> = {
      ko: ['2026. 1. 5. 오후 12:07', '2026. 1. 6. 오전 12:07', '2027. 1. 1. 오전 12:00', '1988. 10. 9. 오전 9:00', '2024. 2. 29. 오전 12:59'],
      en: ['Jan 5, 2026, 12:07 PM', 'Jan 6, 2026, 12:07 AM', 'Jan 1, 2027, 12:00 AM', 'Oct 9, 1988, 9:00 AM', 'Feb 29, 2024, 12:59 AM'],
      zh: ['2026年1月5日 12:07', '2026年1月6日 00:07', '2027年1月1日 00:00', '1988年10月9日 09:00', '2024年2月29日 00:59'],
      ja: ['2026/01/05 12:07', '2026/01/06 0:07', '2027/01/01 0:00', '1988/10/09 9:00', '2024/02/29 0:59'],
      th: ['5 ม.ค. 2569 12:07', '6 ม.ค. 2569 00:07', '1 ม.ค. 2570 00:00', '9 ต.ค. 2531 09:00', '29 ก.พ. 2567 00:59'],
    };
    for (const locale of LOCALES) expect([locale, SAMPLES.map((ms) => formatDateTime(ms, locale))]).toEqual([locale, expected[locale]]);
  });

  it('falls back to Korean, then the key, and warns on missing messages', () => {
    expect(translatorFor('en')('no.such.key')).toBe('no.such.key');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(loadMessages('ja', {})).toEqual({});
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('safeCallbackPath', () => {
  it.each([
    ['/channel/1?x=2', '/channel/1?x=2'],
    ['https://evil.example/', null],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['javascript:alert(1)', null],
    ['/ok\nSet-Cookie: x', null],
    ['', null],
    [undefined, null],
  ])('%j -> %j', (input, expected) => {
    expect(safeCallbackPath(input)).toBe(expected);
  });
});

describe('isExempt', () => {
  it('matches whole path segments only', () => {
    expect(isExempt('/api', EXEMPT_PATHS)).toBe(true);
    expect(isExempt('/api/guest/x', EXEMPT_PATHS)).toBe(true);
    expect(isExempt('/apix', EXEMPT_PATHS)).toBe(false);
    expect(isExempt('/robots.txt', EXEMPT_PATHS)).toBe(true);
    expect(isExempt('/callback/naver/authorize', EXEMPT_PATHS)).toBe(true);
  });
});

describe('TtlCache', () => {
  afterEach(() => vi.useRealTimers());

  it('serves from memory until the time is up, then loads again', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
    const cache = new TtlCache<string, number>(10_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(new Date('2026-01-01T00:00:09.999Z'));
    expect(await cache.get('k', load)).toBe(1);
    vi.setSystemTime(new Date('2026-01-01T00:00:10.001Z'));
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep a failed load, and shares one load between concurrent misses', async () => {
    const cache = new TtlCache<string, number>(1_000);
    await expect(cache.get('k', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    let loads = 0;
    const results = await Promise.all(Array.from({ length: 5 }, () => cache.get('k', async () => ++loads)));
    expect(results).toEqual([1, 1, 1, 1, 1]);
  });
});

describe('client 503 handling', () => {
  it('goes to the maintenance page unless already there', () => {
    const assign = vi.fn();
    expect(redirectToMaintenance({ pathname: '/', assign })).toBe(true);
    expect(assign).toHaveBeenCalledWith('/notices/maintenance');
    const stay = vi.fn();
    expect(redirectToMaintenance({ pathname: '/notices/maintenance', assign: stay })).toBe(false);
    expect(stay).not.toHaveBeenCalled();
  });
});

describe('brand colours', () => {
  const luminance = (hex: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const contrast = (a: string, b: string) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  };

  it.each(Object.keys(bundledBrands))('%s keeps WCAG AA contrast for primary text and white-on-primary buttons', (id) => {
    const { colors } = brandSchema.parse(bundledBrands[id]);
    expect(contrast(colors.primary, colors.background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast('#ffffff', colors.primary)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(colors.text, colors.background)).toBeGreaterThanOrEqual(7);
  });
});

describe('HMAC tokens (src/lib/crypto.ts)', () => {
  it('accept exactly the MAC they signed, and no other spelling of its bytes', async () => {
    const mac = await hmacSign('secret', 'xsrf:abc');
    expect(mac).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await hmacVerify('secret', 'xsrf:abc', mac)).toBe(true);
    // The last character carries 4 bits of the MAC and 2 padding bits: flipping a padding bit spells the same bytes.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sameBytes = mac.slice(0, -1) + alphabet[alphabet.indexOf(mac.at(-1)!) ^ 1];
    expect(await hmacVerify('secret', 'xsrf:abc', sameBytes)).toBe(false);
    expect(await hmacVerify('secret', 'xsrf:abd', mac)).toBe(false);
    expect(await hmacVerify('other', 'xsrf:abc', mac)).toBe(false);
  });
});
