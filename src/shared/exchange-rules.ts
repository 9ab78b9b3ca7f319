// The exchange event's arithmetic both ends use, in a module without zod (the wallet page previews with it).

/** The wallet luv an amount of earnings luv becomes at a rate per mille: rounded down (1100 = x1.1). */
export const creditedFor = (amount: number, ratePermille: number) => Math.floor((amount * ratePermille) / 1000);

/** The rate as people read it: 1100 -> "1.1". */
export const rateText = (ratePermille: number) => String(ratePermille / 1000);
