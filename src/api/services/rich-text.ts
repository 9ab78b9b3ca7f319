// Rich text members write (notices; the board builds on it): sanitized on the server with sanitize-html,
// a well-kept allowlist sanitizer, so what is stored is safe to render as it is. No attribute but a
// link's href survives, and links go only to http, https and mailto.

import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote'],
  // rel and target are set on every link by transformTags below (whatever the member wrote).
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // A new tab that cannot reach back into the page, and no ranking given away.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow ugc', target: '_blank' }) },
};

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Safe HTML from what a member wrote: HTML keeps only the allowed markup; plain text (no tag in it)
 * becomes paragraphs and line breaks.
 */
export function sanitizeRichText(input: string): string {
  const text = input.replace(/\r\n?/g, '\n').trim();
  if (!/<[a-zA-Z!/]/.test(text)) {
    return text
      .split(/\n{2,}/)
      .map((para) => `<p>${escapeHtml(para).replace(/\n/g, '<br>')}</p>`)
      .join('');
  }
  return sanitizeHtml(text, OPTIONS).trim();
}

/** The words of sanitized HTML, without markup (to tell an empty body from a written one). */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .trim();
}
