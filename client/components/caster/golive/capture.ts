// The creator's camera, screen and microphone for going live from the studio.

export type VideoSourceKind = 'camera' | 'screen';

/** The microphone choice meaning "none". */
export const NO_MICROPHONE = 'none';

export interface CaptureDevices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/** Cameras and microphones (named only once the creator allowed one of them). */
export async function listDevices(): Promise<CaptureDevices> {
  const all = await navigator.mediaDevices.enumerateDevices();
  return { cameras: all.filter((d) => d.kind === 'videoinput'), microphones: all.filter((d) => d.kind === 'audioinput') };
}

/** Capture about as tall as the source is sent (16:9 where the device offers it), at most 30 frames a second. */
const idealVideo = (height: number) => ({ width: { ideal: Math.round((height * 16) / 9) }, height: { ideal: height }, frameRate: { ideal: 30, max: 30 } });

/** The chosen camera or a screen, window or tab (the browser asks which), about `height` tall. */
export async function openVideo(kind: VideoSourceKind, cameraId: string, height: number): Promise<MediaStreamTrack> {
  const video = idealVideo(height);
  const stream =
    kind === 'screen'
      ? await navigator.mediaDevices.getDisplayMedia({ video, audio: false })
      : await navigator.mediaDevices.getUserMedia({ video: { ...video, ...(cameraId ? { deviceId: { exact: cameraId } } : {}) } });
  return stream.getVideoTracks()[0]!;
}

export async function openMicrophone(microphoneId: string): Promise<MediaStreamTrack | null> {
  if (microphoneId === NO_MICROPHONE) return null;
  const stream = await navigator.mediaDevices.getUserMedia({ audio: microphoneId ? { deviceId: { exact: microphoneId } } : true });
  return stream.getAudioTracks()[0] ?? null;
}

/** The frame rate the encoders run at: the capture's own, at most 30. */
export function frameRateOf(track: MediaStreamTrack): number {
  const rate = track.getSettings().frameRate;
  return rate && rate > 0 ? Math.min(30, Math.round(rate)) : 30;
}

/** A JPEG still of the preview for the channel's thumbnail (320 wide). */
export function snapshotOf(video: HTMLVideoElement): Promise<Blob | null> {
  if (!video.videoWidth) return Promise.resolve(null);
  const canvas = document.createElement('canvas');
  canvas.width = 320;
  canvas.height = Math.round((320 * video.videoHeight) / video.videoWidth / 2) * 2;
  canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.7));
}

/** Whether the camera or microphone was refused (by the creator or the browser's settings). */
export const isPermissionError = (error: unknown) => error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'SecurityError');

/** Encoding with WebCodecs needs its encoders and reading frames off a track (Chromium's breakout box). */
export const canUseWebCodecs = () => typeof VideoEncoder !== 'undefined' && typeof AudioEncoder !== 'undefined' && 'MediaStreamTrackProcessor' in window;

/**
 * The MediaRecorder type to go live with where WebCodecs cannot: fragmented MP4 of H.264 with AAC (Safari; Chrome on
 * macOS and Windows), else with Opus (Chromium on Linux records no AAC); null when the browser records no H.264 in MP4.
 */
export function recorderType(withAudio: boolean): string | null {
  if (typeof MediaRecorder === 'undefined') return null;
  const types = withAudio ? ['video/mp4;codecs=avc1,mp4a.40.2', 'video/mp4;codecs=avc1,opus'] : ['video/mp4;codecs=avc1'];
  return types.find((type) => MediaRecorder.isTypeSupported(type)) ?? null;
}
