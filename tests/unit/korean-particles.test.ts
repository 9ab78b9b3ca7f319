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

  it('looks past a closing bracket or quote to the word inside it', () => {
    const cases: [string, string][] = [
      ['국민은행 123 (김하늘)(으)로 지급', '국민은행 123 (김하늘)로 지급'],
      ['신한은행 456 (김정산)(으)로 지급', '신한은행 456 (김정산)으로 지급'],
      ['(홍길동)이(가) 보냄', '(홍길동)이 보냄'],
      ['‘벨’을(를) 선물', '‘벨’을 선물'],
      ['“루비”은(는) 유료', '“루비”는 유료'],
      ['"코인")이(가) 부족', '"코인")이 부족'],
      ['(Naver)을(를) 통해', '(Naver)을(를) 통해'],
    ];
    for (const [written, shown] of cases) expect(fitParticles(written)).toBe(shown);
  });

  it('ko.json writes both forms of every particle that follows a placeholder, past brackets and quotes', () => {
    const single = /\}\}[)\]"'’”」』》〉]*(은|는|이|가|을|를|와|과|으로|로)(?![(가-힣])/;
    const strings = (value: unknown, path: string): [string, string][] =>
      typeof value === 'string' ? [[path, value]] : Object.entries(value as object).flatMap(([key, inner]) => strings(inner, path ? `${path}.${key}` : key));
    const all = strings(ko, '');
    expect(all.length).toBeGreaterThan(500);
    expect(all.filter(([, text]) => single.test(text)).map(([path, text]) => `${path}: ${text}`)).toEqual([]);
  });

  it('fits the currency, the account holder and the provider in the messages that wrote one form: 벨은, 코인은, (김하늘)로', () => {
    const t = createTranslate('ko', ko as Messages);
    expect(t('payout.request.help', { min: 100, currency: '벨', krw: 80 })).toBe('최소 100 벨. 1 벨은 수수료와 세금 전 80원입니다.');
    expect(t('payout.request.help', { min: 100, currency: '코인', krw: 80 })).toContain('1 코인은 수수료와');
    expect(t('payout.account.registered', { bank: '국민은행', number: '123', holder: '김하늘' })).toBe('국민은행 123 (김하늘)로 지급됩니다.');
    expect(t('payout.account.registered', { bank: '국민은행', number: '123', holder: '김정산' })).toBe('국민은행 123 (김정산)으로 지급됩니다.');
    expect(t('subscriptions.payWallet', { currency: '벨' })).toBe('내 벨로 결제');
    expect(t('subscriptions.payWallet', { currency: '코인' })).toBe('내 코인으로 결제');
    expect(t('payout.list.cancelled', { currency: '코인' })).toBe('출금을 취소했습니다. 코인이 수익으로 돌아왔습니다.');
    expect(t('payout.list.cancelled', { currency: '벨' })).toBe('출금을 취소했습니다. 벨이 수익으로 돌아왔습니다.');
    expect(translatorFor('ko')('member.socialSignup.button', { provider: '카카오' })).toBe('카카오로 시작하기');
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
