// How a member may pay (no zod here: the client takes them without the schemas in shop-schemas.ts).

/** Payment methods, as the API names them. */
export const PAYMENT_METHODS = ['kakaopay', 'virtualaccount', 'myaccount', 'mobile', 'creditcard', 'CARD'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
