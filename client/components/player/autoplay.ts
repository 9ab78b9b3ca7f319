/**
 * How a start without a click ended: playing with sound, playing muted (the browser refused sound without a
 * gesture, so the player offers to unmute), refused altogether (the viewer presses play), or superseded (a new
 * source took over while it was starting).
 */
export type AutoplayOutcome = 'playing' | 'muted' | 'blocked' | 'superseded';

/** Plays the element; where sound is refused without a gesture, plays it muted instead. */
export async function playOrMute(element: HTMLVideoElement): Promise<AutoplayOutcome> {
  try {
    await element.play();
    return 'playing';
  } catch (error) {
    if ((error as DOMException).name !== 'NotAllowedError') return 'superseded';
    if (element.muted) return 'blocked';
    element.muted = true;
    try {
      await element.play();
      return 'muted';
    } catch {
      return 'blocked';
    }
  }
}
