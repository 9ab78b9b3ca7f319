// Inline icons for the player controls (decorative: every button carries its own aria-label).
const PATHS = {
  play: 'M8 5v14l11-7z',
  pause: 'M6 5h4v14H6zm8 0h4v14h-4z',
  volume: 'M3 9v6h4l5 5V4L7 9H3zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4z',
  muted: 'M3 9v6h4l5 5V4L7 9H3zm18.4-1.4L20 6.2 17 9.2l-3-3-1.4 1.4 3 3-3 3 1.4 1.4 3-3 3 3 1.4-1.4-3-3z',
  fullscreen: 'M7 14H5v5h5v-2H7v-3zm-2-4h2V7h3V5H5v5zm12 7h-3v2h5v-5h-2v3zM14 5v2h3v3h2V5h-5z',
  exitFullscreen: 'M5 16h3v3h2v-5H5v2zm3-8H5v2h5V5H8v3zm6 11h2v-3h3v-2h-5v5zm2-11V5h-2v5h5V8h-3z',
  replay: 'M12 5V1L7 6l5 5V7a6 6 0 1 1-6 6H4a8 8 0 1 0 8-8z',
  back: 'M11.5 5V1l-5 5 5 5V7a6 6 0 1 1-6 6h-2a8 8 0 1 0 8-8zM10 16V11H9l-1.5.6v.9l1.3-.4V16H10zm1.6-2.4c0 1.7.9 2.5 1.9 2.5s1.9-.8 1.9-2.5v-.9c0-1.7-.9-2.5-1.9-2.5s-1.9.8-1.9 2.5v.9zm1.2-1c0-.9.3-1.3.7-1.3s.7.4.7 1.3v1.2c0 .9-.3 1.3-.7 1.3s-.7-.4-.7-1.3v-1.2z',
  forward:
    'M12.5 5V1l5 5-5 5V7a6 6 0 1 0 6 6h2a8 8 0 1 1-8-8zM10 16V11H9l-1.5.6v.9l1.3-.4V16H10zm1.6-2.4c0 1.7.9 2.5 1.9 2.5s1.9-.8 1.9-2.5v-.9c0-1.7-.9-2.5-1.9-2.5s-1.9.8-1.9 2.5v.9zm1.2-1c0-.9.3-1.3.7-1.3s.7.4.7 1.3v1.2c0 .9-.3 1.3-.7 1.3s-.7-.4-.7-1.3v-1.2z',
  // Three sliders: the quality menu, where a phone has room for an icon only.
  quality: 'M3 6h10v2H3zm14 0h4v2h-4zm-4-2h2v6h-2zM3 16h4v2H3zm8 0h10v2H11zm-4-2h2v6H7z',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="player-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={PATHS[name]} fill="currentColor" />
    </svg>
  );
}
