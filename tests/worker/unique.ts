let serial = 0;

/** The file's next serial at a fixed width (4 digits), then 3 random characters of base `radix`. */
function tag(radix: 10 | 36): string {
  serial += 1;
  const random = crypto.getRandomValues(new Uint8Array(3));
  return String(serial).padStart(4, '0') + Array.from(random, (b) => (b % radix).toString(radix)).join('');
}

/**
 * A tag for test IDs and nicknames that no other call in this test file returns: the serial keeps them apart
 * within the file, the random tail against other files. Seven characters (0-9, a-z), so a three-letter Korean
 * prefix still fits a nickname's ten.
 *
 * Not the clock and a counter run together: member 1 at 234 ms and member 12 at 34 ms both made "1234", and the
 * second insert or sign-up was refused.
 */
export const uniqueTag = (): string => tag(36);

/** The same in digits only (phone numbers). */
export const uniqueDigits = (): string => tag(10);
