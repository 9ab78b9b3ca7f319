import { useCallback, useRef, type RefObject } from 'react';
import type { Me } from '../../../src/shared/page-props';
import type { Playback } from '../../../src/shared/streams-api';
import { LazyPlayer } from '../player/LazyPlayer';
import { markPlayed } from '../../data/watch-api';

/** The player; a member's first playback of the channel on this page goes to their recently watched. */
export function WatchPlayer({
  playback,
  live,
  title,
  poster,
  channelId,
  me,
  clock,
}: {
  playback: Playback;
  live: boolean;
  title: string;
  /** The live's thumbnail, shown until the picture plays. */
  poster?: string | null;
  channelId: number;
  me: Me | null;
  /** Filled with the program date-time on screen (the player's clock): a clip ends there. */
  clock?: RefObject<(() => number | null) | null>;
}) {
  const recorded = useRef<number | null>(null);
  const onPlaying = useCallback(() => {
    if (!me || recorded.current === channelId) return;
    recorded.current = channelId;
    void markPlayed(channelId);
  }, [me, channelId]);
  return <LazyPlayer playback={playback} live={live} title={title} poster={poster} autoPlay onPlaying={onPlaying} clock={clock} />;
}
