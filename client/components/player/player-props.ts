import type { Playback } from '../../../src/shared/streams-api';

// Its own module: LazyPlayer takes these props and hands them to Player, which LazyPlayer imports.

export interface PlayerProps {
  playback: Playback;
  live: boolean;
  title: string;
  /** The picture shown until the video plays (a live's thumbnail): same-origin path or URL. */
  poster?: string | null;
  autoPlay?: boolean;
  onPlaying?: () => void;
}
