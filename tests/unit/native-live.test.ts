import { describe, expect, it } from 'vitest';
import { catchUpRate, liveEdge, liveEdgeStep, liveSyncPosition, LIVE_EDGE, type LiveEdgeSample } from '../../client/components/player/live-edge';
import { engineFor, hlsEngine } from '../../client/components/player/engine-choice';

// Which engine a browser gets for HLS, and the live-edge controller that keeps native HLS (iOS Safari)
// near the encoder.

const sample = (over: Partial<LiveEdgeSample>): LiveEdgeSample => ({
  currentTime: 10,
  buffered: { start: 0, end: 11 },
  edgeAge: 0,
  playbackRate: 1,
  ...over,
});

describe('engine choice', () => {
  const chromium = { native: true, mse: true };
  const firefox = { native: false, mse: true };
  const iosSafari = { native: true, mse: false };

  it('takes hls.js wherever there is MSE, even where the browser could play HLS itself', () => {
    expect(hlsEngine(chromium)).toBe('hls.js');
    expect(hlsEngine(firefox)).toBe('hls.js');
    expect(hlsEngine(iosSafari)).toBe('native-hls');
    expect(hlsEngine({ native: false, mse: false })).toBe('hls.js'); // the engine then says 'unsupported'
  });

  it('maps player types to engines', () => {
    expect(engineFor({ playerType: 'HTML5', source: 'flex' }, chromium)).toBe('file');
    expect(engineFor({ playerType: 'BYTEPLUS', source: 'bp_rtc' }, chromium)).toBe('whep');
    expect(engineFor({ playerType: 'BYTEPLUS', source: 'bp_flv' }, chromium)).toBe('flv');
    expect(engineFor({ playerType: 'HLS', source: 'flex' }, firefox)).toBe('hls.js');
    expect(engineFor({ playerType: 'HLS', source: 'aws' }, iosSafari)).toBe('native-hls');
  });
});

describe('live-edge controller', () => {
  it('does nothing at the target', () => {
    // edge 11, playing at 10: one second behind, the target
    expect(liveEdgeStep(sample({}))).toBeNull();
  });

  it("plays faster a little behind, on hls.js's curve, and back to 1 once there", () => {
    const step = liveEdgeStep(sample({ currentTime: 8.5, buffered: { start: 0, end: 11 } }));
    expect(step).toEqual({ playbackRate: catchUpRate(1.5, LIVE_EDGE.maxRate) });
    expect((step as { playbackRate: number }).playbackRate).toBeGreaterThan(1);
    expect((step as { playbackRate: number }).playbackRate).toBeLessThanOrEqual(LIVE_EDGE.maxRate);
    expect(liveEdgeStep(sample({ playbackRate: 1.25 }))).toEqual({ playbackRate: 1 });
  });

  it('never speeds up with a second or less in hand', () => {
    expect(liveEdgeStep(sample({ currentTime: 10.2, buffered: { start: 0, end: 11 }, edgeAge: 1 }))).toBeNull();
  });

  it('seeks to the target when further behind than the limit', () => {
    const step = liveEdgeStep(sample({ currentTime: 4, buffered: { start: 0, end: 11 } }));
    expect(step).toEqual({ seekTo: 10 });
  });

  it('does not seek in place when nothing newer is buffered', () => {
    // 4 s behind an edge that only moved by its age: the sync point is where the playhead already is
    expect(liveEdgeStep(sample({ currentTime: 10.6, buffered: { start: 0, end: 11 }, edgeAge: 5 }))).toBeNull();
  });

  it('runs the edge on between segments, up to a segment, and keeps a seek inside the buffer', () => {
    expect(liveEdge(sample({ edgeAge: 0.4 }))).toBeCloseTo(11.4);
    expect(liveEdge(sample({ edgeAge: 9 }))).toBeCloseTo(11 + LIVE_EDGE.maxEdgeAge);
    expect(liveSyncPosition(sample({ edgeAge: 0 }))).toBeCloseTo(10);
    expect(liveSyncPosition(sample({ edgeAge: 1 }))).toBeCloseTo(11 - LIVE_EDGE.minAhead);
    expect(liveSyncPosition(sample({ buffered: { start: 10.5, end: 11 } }))).toBeCloseTo(10.5);
    expect(liveEdgeStep(sample({ buffered: null }))).toBeNull();
  });
});
