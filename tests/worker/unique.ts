let serial = 0;

/**
 * A tag for test IDs and nicknames that no other call in this test file returns: a serial number at a fixed width
 * (4 digits) and a random tail (3 characters, 0-9 and a-z) against other files. Seven characters, so a
 * three-letter Korean prefix still fits a nickname's ten.
 *
 * Not the clock and a counter run together: member 1 at 234 ms and member 12 at 34 ms both made "1234", and the
 * second insert or sign-up was refused.
 */
export function uniqueTag(): string {
  serial += 1;
  const random = crypto.getRandomValues(new Uint8Array(3));
  return String(serial).padStart(4, '0') + Array.from(random, (b) => (b % 36).toString(36)).join('');
}

/** The same, digits only (phone numbers): the serial and three random digits. */
export function uniqueDigits(): string {
  serial += 1;
  const random = crypto.getRandomValues(new Uint8Array(3));
  return String(serial).padStart(4, '0') + Array.from(random, (b) => String(b % 10)).join('');
}
