import { storage } from '../home/popup-storage';

/** The quality a viewer picked, kept per device: a height (480), or none for automatic (by bandwidth). */
const KEY = 'playerQuality';

export function savedQuality(): number | null {
  const value = Number(storage('localStorage')?.getItem(KEY));
  return Number.isInteger(value) && value > 0 ? value : null;
}

export function saveQuality(height: number | null): void {
  const store = storage('localStorage');
  if (height === null) store?.removeItem(KEY);
  else store?.setItem(KEY, String(height));
}
