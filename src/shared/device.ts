// The device a caller says it is. SPEC names it twice: §3's device type (PC, MOBILE_WEB, APP, UNKNOWN)
// and §9's values the web clients send (PCWEB, MOBILEWEB). Every call that reads a device accepts both
// spellings; the API keeps §3's.
import * as z from 'zod';

/** SPEC §3 device type: the spelling the API stores and reasons with. */
export const DEVICE_TYPES = ['PC', 'MOBILE_WEB', 'APP', 'UNKNOWN'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/** SPEC §9 device values (sign-in, the root shell's fetch of the current user). */
export const WEB_DEVICE_VALUES = ['PCWEB', 'MOBILEWEB'] as const;

/** Every spelling a caller may send. */
export const DEVICE_SPELLINGS = [...DEVICE_TYPES, ...WEB_DEVICE_VALUES] as const;
export type DeviceSpelling = (typeof DEVICE_SPELLINGS)[number];

export const deviceSpellingSchema = z.enum(DEVICE_SPELLINGS).describe('SPEC §9 PCWEB or MOBILEWEB, or SPEC §3 PC, MOBILE_WEB, APP, UNKNOWN (PCWEB means PC, MOBILEWEB means MOBILE_WEB)');

/** Either spelling, as SPEC §3's device type. */
export function deviceType(spelling: DeviceSpelling): DeviceType {
  if (spelling === 'PCWEB') return 'PC';
  if (spelling === 'MOBILEWEB') return 'MOBILE_WEB';
  return spelling;
}
