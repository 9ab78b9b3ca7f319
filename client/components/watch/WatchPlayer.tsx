import { useCallback, useRef } from 'react';
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
}: {
  playback: Playback;
  live: boolean;
  title: string;
  /** The live's thumbnail, shown until the picture plays. */
  poster?: string | null;
  channelId: number;
  me: Me | null;
}) {
  const recorded = useRef<number | null>(null);
  const onPlaying = useCallback(() => {
    if (!me || recorded.current === channelId) return;
    recorded.current = channelId;
    void markPlayed(channelId);
  }, [me, channelId]);
  return <LazyPlayer playback={playback} live={live} title={title} poster={poster} autoPlay onPlaying={onPlaying} />;
}
