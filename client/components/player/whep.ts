import type { Engine, EngineOptions } from './engine-types';

const ICE_GATHER_MS = 1500;
const FIRST_TRACK_MS = 6000;

/** Wait until the offer carries our ICE candidates (WHEP has no trickle here), or give up waiting. */
function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      pc.removeEventListener('icegatheringstatechange', check);
      clearTimeout(timer);
      resolve();
    };
    const check = () => pc.iceGatheringState === 'complete' && done();
    const timer = setTimeout(done, ICE_GATHER_MS);
    pc.addEventListener('icegatheringstatechange', check);
  });
}

/**
 * WHEP (bp_rtc): a receive-only peer connection, the SDP offer POSTed to the endpoint, its answer
 * applied; the remote tracks become the video's srcObject. Resolves once media arrives, rejects on
 * any failure so the caller can fall back.
 */
async function startWhep(video: HTMLVideoElement, endpoint: string, signal: AbortSignal, onLost: () => void): Promise<Engine> {
  if (typeof RTCPeerConnection === 'undefined') throw new Error('no WebRTC');
  const pc = new RTCPeerConnection({ bundlePolicy: 'max-bundle' });
  let resource: string | null = null;
  let trackTimer: ReturnType<typeof setTimeout> | undefined;
  const close = () => {
    clearTimeout(trackTimer);
    pc.close();
    if (resource) void fetch(resource, { method: 'DELETE' }).catch(() => {}); // end the session server-side
    resource = null;
  };
  try {
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    const stream = new MediaStream();
    const firstTrack = new Promise<void>((resolve, reject) => {
      trackTimer = setTimeout(() => reject(new Error('no media')), FIRST_TRACK_MS);
      pc.addEventListener('track', (event) => {
        stream.addTrack(event.track);
        clearTimeout(trackTimer);
        resolve();
      });
      pc.addEventListener('connectionstatechange', () => {
        if (pc.connectionState === 'failed') reject(new Error('connection failed'));
      });
      signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }); // don't hold a peer for a gone player
    });
    // Awaited only after the offer/answer exchange. A rejection before that (the timer, a failed
    // connection) while the POST is failing would surface as an unhandled rejection on the page;
    // the await below still sees it.
    firstTrack.catch(() => {});
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/sdp', accept: 'application/sdp' },
      body: pc.localDescription?.sdp ?? '',
      signal,
    });
    if (!response.ok) throw new Error(`WHEP answered ${response.status}`);
    const location = response.headers.get('location');
    resource = location ? new URL(location, endpoint).href : null;
    await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
    await firstTrack;
    if (signal.aborted) throw new Error('aborted');
    video.srcObject = stream;
    // A connection lost mid-broadcast is a network error like any other: the viewer gets a retry.
    pc.addEventListener('connectionstatechange', () => pc.connectionState === 'failed' && onLost());
    return {
      destroy: () => {
        video.srcObject = null;
        close();
      },
    };
  } catch (error) {
    close();
    throw error;
  }
}

/**
 * bp_rtc: WHEP when the playback offers it; on any failure (or none offered) its HLS rendition, started
 * by the caller's startHls (engine.ts, which loads this module: passed in so the two don't import each other).
 */
export async function startWhepWithFallback(options: EngineOptions, startHls: (url: string) => Promise<Engine>): Promise<Engine> {
  const { video, playback, callbacks } = options;
  const hlsUrl = playback.hlsUrl ?? null;
  const fallback = async (): Promise<Engine> => {
    if (!hlsUrl) {
      callbacks.onFatal(typeof RTCPeerConnection === 'undefined' ? 'unsupported' : 'network');
      return { destroy: () => {} };
    }
    return startHls(hlsUrl);
  };
  if (!playback.whep) return fallback();
  try {
    return await startWhep(video, playback.url, options.signal, () => callbacks.onFatal('network'));
  } catch {
    if (options.signal.aborted) return { destroy: () => {} };
    return fallback();
  }
}
