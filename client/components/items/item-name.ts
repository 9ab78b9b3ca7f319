import type { Translate } from '../../i18n/i18n';

/** An item's name in the reader's language: its own for LEX, the passes and the gifticon, else "event item N". */
export function itemName(t: Translate, prodName: string | number): string {
  const code = String(prodName);
  return ['100', '420', '421', '422', '600'].includes(code) ? t(`items.names.${code}`) : t('items.names.event', { code });
}
