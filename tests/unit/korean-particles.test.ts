import { describe, expect, it } from 'vitest';
import { fitParticles } from '../../src/shared/korean-particles';
import { createTranslate } from '../../client/i18n/i18n';
import { translatorFor } from '../../src/lib/i18n';
import ko from '../../locales/ko.json';
import en from '../../locales/en.json';
import type { Messages } from '../../src/shared/locales';

// ko.json writes both forms of a particle after a filled-in word ({{currency}}을(를)); the reader sees the one that fits.
describe('Korean particles after a filled-in word', () => {
  it('follows the last syllable: closed or open, and ㄹ for (으)로', () => {
    const cases: [string, string][] = [
      ['벨을(를) 선물', '벨을 선물'],
      ['코인을(를) 선물', '코인을 선물'],
      ['루비을(를) 선물', '루비를 선물'],
      ['벨이(가) 부족', '벨이 부족'],
      ['루비이(가) 부족', '루비가 부족'],
      ['벨은(는) 유료', '벨은 유료'],
      ['루비은(는) 유료', '루비는 유료'],
      ['친구와(과) 함께', '친구와 함께'],
      ['선물와(과) 함께', '선물과 함께'],
      ['한국어(으)로 변경', '한국어로 변경'],
      ['서울(으)로 이동', '서울로 이동'],
      ['영문(으)로 변경', '영문으로 변경'],
    ];
    for (const [written, shown] of cases) expect(fitParticles(written)).toBe(shown);
  });

  it('reads digits as Korean does: 1,000 (천) and 7 (칠) are closed, 2 (이) open', () => {
    const cases: [string, string][] = [
      ['1,000이(가) 충전', '1,000이 충전'],
      ['₩1,000을(를) 입금', '₩1,000을 입금'],
      ['12을(를) 보냈', '12를 보냈'],
      ['7(으)로', '7로'],
      ['3(으)로', '3으로'],
    ];
    for (const [written, shown] of cases) expect(fitParticles(written)).toBe(shown);
  });

  it('keeps both forms after a word whose sound it cannot tell', () => {
    const cases: [string, string][] = [
      ['luv을(를) 선물', 'luv을(를) 선물'],
      ['Naver을(를) 통해', 'Naver을(를) 통해'],
    ];
    for (const [written, shown] of cases) expect(fitParticles(written)).toBe(shown);
  });

  it('is what the browser and the server translators give for Korean, and leaves other languages alone', () => {
    const t = createTranslate('ko', ko as Messages);
    expect(t('home.currencyLine', { currency: '벨' })).toBe('좋아하는 크리에이터에게 벨을 선물하고 함께 방송을 즐겨 보세요.');
    expect(t('home.currencyLine', { currency: '루비' })).toBe('좋아하는 크리에이터에게 루비를 선물하고 함께 방송을 즐겨 보세요.');
    expect(translatorFor('ko')('home.currencyLine', { currency: '코인' })).toContain('코인을 선물하고');
    const english = createTranslate('en', en as Messages);
    expect(english('home.currencyLine', { currency: 'bells' })).toBe((en as { home: { currencyLine: string } }).home.currencyLine.replace('{{currency}}', 'bells'));
  });
});
