// The page props the document embeds for hydration (src/render/document.tsx serializeProps): with a build the
// messages go by their module's URL (WireProps); without one they travel inline. Either way the JSON must parse
// back whole and must not close its script element.
import { describe, expect, it } from 'vitest';
import { serializeProps } from '../../src/render/document';
import type { PageProps } from '../../src/shared/page-props';

const messages = { common: { close: '닫기', trap: '</script><script>alert(1)</script>', lines: 'a\u2028b\u2029c' } };
const refs = { build: '0123456789ab', messagesUrl: '/assets/messages-ko-0123456789.js' };
const props = (title: string) => ({ page: 'HOME', path: '/', me: null, locale: 'ko', messages, data: { title } }) as unknown as PageProps;

describe('serializeProps', () => {
  it('parses back to the props, messages and all, on the first call and on later ones with the same messages', () => {
    for (const title of ['첫 번째', '두 번째 </script>']) {
      expect(JSON.parse(serializeProps(props(title)))).toEqual(props(title));
    }
  });

  it('cannot close its script element or break a line in old parsers, in the messages or the rest', () => {
    const json = serializeProps(props('</script> \u2028'));
    expect(json).not.toMatch(/[<\u2028\u2029]/);
    expect(serializeProps(props('</script> \u2028'), refs)).not.toMatch(/[<\u2028\u2029]/);
  });

  it('names the build and the messages module instead of carrying the messages when there is a build', () => {
    const { messages: _, ...rest } = props('제목');
    expect(JSON.parse(serializeProps(props('제목'), refs))).toEqual({ ...rest, ...refs });
  });
});
