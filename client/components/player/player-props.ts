import type { RefObject } from 'react';
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
  /** Filled with what tells the program date-time on screen (epoch ms; null when the stream carries none): clips cut up to it. */
  clock?: RefObject<(() => number | null) | null>;
  /** The placeholder it replaces had the focus (a click or Tab before its code came): it takes it, so its keys work. */
  takeFocus?: boolean;
}
