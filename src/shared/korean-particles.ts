/**
 * Korean particles after a word a message does not know in advance. ko.json writes both forms, as Korean
 * software does when it cannot tell ({{currency}}을(를), {{amount}}이(가), {{language}}(으)로); once the word
 * is in, the one that fits its last sound is kept: 벨을, 코인을, 1,000원이, 한국어로. After a word whose sound
 * this cannot tell (Latin letters: "luv", "Naver") both forms stay, which still reads correctly.
 */

/** ㄹ's index among the final consonants (jongseong; 0 is none): (으)로 takes 로 after it. */
const RIEUL = 8;

/**
 * Digits as read in Korean: 영 일 이 삼 사 오 육 칠 팔 구. A number that ends in 0 is read with its last unit or
 * as 영 (십, 백, 천, 만: all closed, none in ㄹ), so 0 counts as a closed syllable.
 */
const DIGIT_FINAL = [21, RIEUL, 0, 16, 0, 0, 1, RIEUL, RIEUL, 0];

/** The final consonant index of a Hangul syllable or a digit as read (0: none), or null where it cannot be told. */
function finalConsonant(ch: string): number | null {
  const code = ch.charCodeAt(0);
  if (code >= 0xac00 && code <= 0xd7a3) return (code - 0xac00) % 28;
  if (code >= 0x30 && code <= 0x39) return DIGIT_FINAL[code - 0x30]!;
  return null;
}

const PAIRS: Record<string, (final: number) => string> = {
  '을(를)': (f) => (f ? '을' : '를'),
  '이(가)': (f) => (f ? '이' : '가'),
  '은(는)': (f) => (f ? '은' : '는'),
  '와(과)': (f) => (f ? '과' : '와'),
  // (으)로: 로 after a vowel or ㄹ, 으로 after any other consonant.
  '(으)로': (f) => (f === 0 || f === RIEUL ? '로' : '으로'),
};

/**
 * A double particle and the character whose sound decides it: the last one before it, looking past closing
 * brackets and quotes, which are not read ("(김하늘)(으)로" reads 김하늘로, "‘벨’을(를)" 벨을).
 */
const PARTICLE = /([^)\]}"'’”」』》〉])([)\]}"'’”」』》〉]*)(을\(를\)|이\(가\)|은\(는\)|와\(과\)|\(으\)로)/gu;

/** `text` with each double particle reduced to the form its preceding character takes, where that can be told. */
export function fitParticles(text: string): string {
  if (!text.includes(')')) return text;
  return text.replace(PARTICLE, (match, before: string, closers: string, pair: string) => {
    const final = finalConsonant(before);
    return final === null ? match : before + closers + PAIRS[pair]!(final);
  });
}
