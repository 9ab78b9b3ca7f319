import { CLIP_SECONDS } from '../../../src/shared/clip-limits';

/** A clip's range in whole seconds from the moment its button was pressed (negative: before it). */
export interface ClipRange {
  start: number;
  end: number;
}

/** How far a range may reach from the moment: back on both, and forward only on a recording (a live has no later). */
export const REACH = { before: 90, after: 30 } as const;

/** The first range offered: the 30 s up to the moment. */
export const FIRST_RANGE: ClipRange = { start: -CLIP_SECONDS.default, end: 0 };

const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * Move one handle to `value`: it stays within `bounds`, and the other handle follows as far as it must for the
 * range to stay between the shortest and the longest clip.
 */
export function moveHandle(range: ClipRange, handle: keyof ClipRange, value: number, bounds: { min: number; max: number }): ClipRange {
  const { min: shortest, max: longest } = CLIP_SECONDS;
  if (handle === 'start') {
    const start = clamp(value, bounds.min, bounds.max - shortest);
    return { start, end: clamp(range.end, start + shortest, Math.min(start + longest, bounds.max)) };
  }
  const end = clamp(value, bounds.min + shortest, bounds.max);
  return { start: clamp(range.start, Math.max(end - longest, bounds.min), end - shortest), end };
}
