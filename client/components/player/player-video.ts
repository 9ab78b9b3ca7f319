import { useLayoutEffect, useRef, type RefObject } from 'react';
import { claimBoot, type Boot } from './player-boot';
import { BOOT_ATTRIBUTE } from '../../../src/shared/player-boot';

/**
 * The player's <video>: the placeholder's, with the playback started before hydration, when there is one for this
 * source (player-boot.ts), else a new one; first in the box, with the player's attributes. React does not render
 * it: taking the booted element over keeps its picture and its buffer, where a new element would start again.
 * Sets `video` to the element and `boot` to the boot taken over (for useEngine, which adopts its engine).
 */
export function usePlayerVideo(
  { box, video, boot }: { box: RefObject<HTMLDivElement | null>; video: RefObject<HTMLVideoElement | null>; boot: RefObject<Boot | null> },
  key: string,
  { poster, title, onClick }: { poster?: string | null; title: string; onClick: () => void },
) {
  const click = useRef(onClick);
  click.current = onClick;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount; a new source restarts the engine on the same element
  useLayoutEffect(() => {
    const container = box.current;
    if (!container) return;
    const claimed = claimBoot(key);
    const element = claimed?.video ?? document.createElement('video');
    element.removeAttribute(BOOT_ATTRIBUTE);
    element.className = 'player-video';
    element.playsInline = true;
    element.preload = 'auto';
    const onVideoClick = () => click.current();
    element.addEventListener('click', onVideoClick);
    container.prepend(element);
    video.current = element;
    boot.current = claimed;
    return () => {
      element.removeEventListener('click', onVideoClick);
      element.remove();
      video.current = null;
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the ref is set once, by the effect above; the attributes follow the props
  useLayoutEffect(() => {
    const element = video.current;
    if (!element) return;
    if (poster) element.poster = poster;
    else element.removeAttribute('poster');
    element.setAttribute('aria-label', title);
  }, [poster, title]);
}
