// The device a caller says it is, spelt two ways: the device type (PC, MOBILE_WEB, APP, UNKNOWN) and the
// values the web clients send (PCWEB, MOBILEWEB). Every call that reads a device accepts both spellings;
// the API keeps the device type.
import * as z from 'zod';

/** The device type: the spelling the API stores and reasons with. */
export const DEVICE_TYPES = ['PC', 'MOBILE_WEB', 'APP', 'UNKNOWN'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** The web clients' device values (sign-in, the root shell's fetch of the current user). */
export const WEB_DEVICE_VALUES = ['PCWEB', 'MOBILEWEB'] as const;

/** Every spelling a caller may send. */
export const DEVICE_SPELLINGS = [...DEVICE_TYPES, ...WEB_DEVICE_VALUES] as const;
export type DeviceSpelling = (typeof DEVICE_SPELLINGS)[number];

export const deviceSpellingSchema = z.enum(DEVICE_SPELLINGS).describe('PCWEB or MOBILEWEB (web clients), or PC, MOBILE_WEB, APP, UNKNOWN (PCWEB means PC, MOBILEWEB means MOBILE_WEB)');

/** Either spelling, as the device type. */
export function deviceType(spelling: DeviceSpelling): DeviceType {
  if (spelling === 'PCWEB') return 'PC';
  if (spelling === 'MOBILEWEB') return 'MOBILE_WEB';
  return spelling;
}
