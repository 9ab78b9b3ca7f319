// Text that users write for other screens (chat lines, gift messages).

// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what this strips
const UNSHOWABLE = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/** Control characters and bidi overrides never reach other screens; runs of spaces collapse. */
export function cleanText(raw: string): string {
  return raw.replace(UNSHOWABLE, ' ').replace(/\s+/g, ' ').trim();
}
