// The item catalogue (item codes and luv prices): plain data without zod, so the chat's LEX option and the wallet's
// lists carry no schema code. The shapes of the item calls are in items.ts. Prices are in luv.

export type ItemKind = 'lex' | 'pass' | 'gifticon' | 'event';

export interface CatalogueItem {
  code: number;
  kind: ItemKind;
  price: number;
  /** Full-room passes: how long one keeps the holder's place, in seconds. */
  passSeconds?: number;
}

const DAY = 86_400;
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const LEX_CODE = 100;
export const GIFTICON_CODE = 600;
export const EVENT_CODES = [...range(440, 495), ...range(4004, 4015)];

export const ITEM_CATALOGUE: readonly CatalogueItem[] = [
  { code: LEX_CODE, kind: 'lex', price: 100 },
  { code: 420, kind: 'pass', price: 1_000, passSeconds: DAY },
  { code: 421, kind: 'pass', price: 5_000, passSeconds: 7 * DAY },
  { code: 422, kind: 'pass', price: 15_000, passSeconds: 30 * DAY },
  { code: GIFTICON_CODE, kind: 'gifticon', price: 5_000 },
  ...EVENT_CODES.map((code) => ({ code, kind: 'event' as const, price: 100 })),
];

const BY_CODE = new Map(ITEM_CATALOGUE.map((item) => [item.code, item]));

/** The catalogue entry of a prodName (its code in decimal, e.g. "100"), or undefined. */
export function catalogueItem(prodName: string | number): CatalogueItem | undefined {
  const code = typeof prodName === 'number' ? prodName : /^[1-9]\d{0,4}$/.test(prodName) ? Number(prodName) : Number.NaN;
  return BY_CODE.get(code);
}

/** The font styles a LEX message can be shown in (class names of the chat's highlighted line). */
export const LEX_FONT_STYLES = ['basic', 'bold', 'serif', 'handwriting', 'neon'] as const;
export type LexFontStyle = (typeof LEX_FONT_STYLES)[number];

export const MAX_ITEM_QUANTITY = 100;
