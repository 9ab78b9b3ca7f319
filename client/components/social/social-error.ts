/** The message for ?socialError= after a refused social login (src/pages/social-pages.ts), or null. */
export function socialErrorKey(kind: string | undefined): string | null {
  if (!kind) return null;
  if (kind === 'cancelled') return 'social.errors.cancelled';
  if (kind === 'unknown' || kind === 'unavailable') return `social.errors.${kind}`;
  if (kind === 'taken' || kind === 'provider_linked' || kind === 'ticket' || kind === 'not_linked' || kind === 'link_needs_login')
    return `social.errors.${kind.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase())}`;
  // State, binding, mix-up, replayed code, return path: '잘못된 접근입니다.' (docs/product/accounts.md, "Social login")
  return 'social.errors.invalidAccess';
}
