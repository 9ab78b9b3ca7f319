import { renderMasterPlaylist } from '../../../../src/shared/hls-master';
import { type InitCodecs, initCodecs } from './cmaf-boxes';
import type { RenditionPlan } from './ladder';
import { RecorderSegmenter } from './recorder-segments';
import type { BroadcastStats, LiveBroadcast } from './studio-broadcast';
import { AUDIO_BITRATE, broadcastFailure, peakBandwidth, RenditionUploads, StudioIngest, sendThumbnail, THUMBNAIL_MS } from './studio-ingest';

// Going live from a tab whose browser has no WebCodecs (or cannot encode H.264 with it, or cannot read frames off a
// track): the browser's MediaRecorder records the camera or screen and the microphone as fragmented MP4, which is cut
// into an init segment and media segments opening on key frames, and sent to the ingest as the WebCodecs path sends
// its own. One rendition, the capture as the recorder encodes it. docs/product/watching-and-chat.md, "Going live from
// the studio".

/** A key frame this often (ms), where the recorder takes the wish (Chromium): each opens a segment. */
const KEY_FRAME_MS = 500;
/** A segment closes at the first key frame after this long (s): Chromium's key frames fall 500 ms apart, give or take a frame. */
const MIN_SEGMENT_SECONDS = 0.4;
/** The recorder hands over what it has this often (ms); it cuts its fragments at key frames, not at these. */
const TIMESLICE_MS = 100;

export interface RecorderOptions {
  streamKey: string;
  video: MediaStreamTrack;
  audio: MediaStreamTrack | null;
  /** The one rendition: its name, size and bitrate. */
  plan: RenditionPlan;
  frameRate: number;
  /** A MediaRecorder type this browser records (recorderType in capture.ts). */
  mimeType: string;
  snapshot?: () => Promise<Blob | null>;
  onFailure: (failure: { code: string; message: string }) => void;
}

/** Chromium's wish for key frames, beside the standard options. */
interface ChromiumRecorderOptions extends MediaRecorderOptions {
  videoKeyFrameIntervalDuration?: number;
}

/** A live recorded by MediaRecorder. Made by RecorderBroadcast.start; ended by end() (or by a failure, which calls onFailure). */
export class RecorderBroadcast implements LiveBroadcast {
  /** The recorder stops when its stream's tracks change: switching camera and screen needs a new live. */
  readonly canSwitchVideo = false;
  private readonly ingest: StudioIngest;
  private readonly uploads: RenditionUploads;
  private readonly segmenter: RecorderSegmenter;
  private recorder: MediaRecorder | null = null;
  /** The recorder's bytes, read one piece after the other. */
  private reading: Promise<void> = Promise.resolve();
  private codecs: InitCodecs | null = null;
  private master: Promise<void> | null = null;
  /** Wall-clock time (ms) of the recording's time 0. */
  private epochMs = 0;
  private thumbTimer: ReturnType<typeof setInterval> | null = null;
  private failed = false;
  private ending = false;

  private constructor(private readonly options: RecorderOptions) {
    this.ingest = new StudioIngest(options.streamKey);
    const fail = (error: unknown) => this.fail(error);
    this.uploads = new RenditionUploads(this.ingest, options.plan.name, () => this.sendMaster(), fail);
    this.segmenter = new RecorderSegmenter(
      MIN_SEGMENT_SECONDS,
      (init) => {
        this.codecs = initCodecs(init);
        this.uploads.init(init);
      },
      (segment) => this.uploads.segment(segment.bytes, segment.durationMs, Math.round(this.epochMs + segment.startSeconds * 1000)),
    );
  }

  static async start(options: RecorderOptions): Promise<RecorderBroadcast> {
    const live = new RecorderBroadcast(options);
    await live.begin();
    return live;
  }

  get sending(): string[] {
    return [this.options.plan.name];
  }

  private async begin(): Promise<void> {
    const { video, audio, plan, mimeType } = this.options;
    // The recorder encodes the capture at its own size: a taller one is asked for at the rendition's.
    if ((video.getSettings().height ?? 0) > plan.height) await video.applyConstraints({ width: { ideal: plan.width }, height: { ideal: plan.height } }).catch(() => undefined);
    const options: ChromiumRecorderOptions = { mimeType, videoBitsPerSecond: plan.bitrate, audioBitsPerSecond: AUDIO_BITRATE, videoKeyFrameIntervalDuration: KEY_FRAME_MS };
    const recorder = new MediaRecorder(new MediaStream(audio ? [video, audio] : [video]), options);
    this.recorder = recorder;
    recorder.ondataavailable = (event) => {
      if (this.failed || event.data.size === 0) return;
      this.reading = this.reading.then(async () => this.segmenter.push(new Uint8Array(await event.data.arrayBuffer()))).catch((error) => this.fail(error));
    };
    recorder.onerror = (event) => this.fail((event as ErrorEvent).error);
    // A recorder that stops by itself (its camera went away) ends the live as a failure would.
    recorder.onstop = () => {
      if (!this.ending) this.fail(new Error('the recorder stopped'));
    };
    const started = new Promise((resolve) => recorder.addEventListener('start', resolve, { once: true }));
    recorder.start(TIMESLICE_MS);
    await started;
    this.epochMs = Date.now();
    const { snapshot } = this.options;
    if (snapshot) this.thumbTimer = setInterval(() => void sendThumbnail(this.ingest, snapshot), THUMBNAIL_MS);
  }

  /** The master playlist, once, before the first media segment (the init segment named the codecs by then). */
  private sendMaster(): Promise<void> {
    const { plan, frameRate, audio } = this.options;
    const codecs = this.codecs;
    const names = codecs ? [codecs.video, codecs.audio].filter((c) => c !== null).join(',') : null;
    const bandwidth = peakBandwidth(plan.bitrate, audio !== null);
    const width = codecs?.width || plan.width;
    const height = codecs?.height || plan.height;
    this.master ??= this.ingest.put('master.m3u8', renderMasterPlaylist([{ name: plan.name, width, height, bandwidth, averageBandwidth: null, codecs: names || null, frameRate }]));
    return this.master;
  }

  /** The recorder would stop at another track (canSwitchVideo): the panel offers no switching on this path. */
  switchVideo(): void {
    throw new Error('switching the source needs a new live with MediaRecorder');
  }

  /** Muted, the microphone sends silence: the audio track goes on, so players keep their timeline. */
  setMuted(muted: boolean): void {
    if (this.options.audio) this.options.audio.enabled = !muted;
  }

  stats(): BroadcastStats {
    return {
      uploadBps: this.ingest.uploadBps(),
      // The recorder does not say which frames it dropped.
      droppedFrames: null,
      lateSegments: this.uploads.late,
      delayMs: Math.max(0, this.uploads.delayMs),
      segments: this.uploads.segments.length,
      offline: this.ingest.offline,
    };
  }

  private fail(error: unknown): void {
    if (this.failed || this.ending) return;
    this.failed = true;
    this.options.onFailure(broadcastFailure(error));
    this.stop();
  }

  /** End the live: the recorder's last bytes go out as the last segment and the playlist closes (a recording at once). */
  async end(): Promise<void> {
    if (this.ending) return;
    const stopped = this.stop();
    await stopped;
    await this.reading;
    if (this.failed) return;
    this.segmenter.flush();
    await this.uploads.close();
  }

  /** Stops the recorder and the thumbnails (not the creator's own camera and microphone); resolves once it stopped. */
  private stop(): Promise<void> {
    this.ending = true;
    if (this.thumbTimer) clearInterval(this.thumbTimer);
    this.thumbTimer = null;
    const recorder = this.recorder;
    if (!recorder || recorder.state === 'inactive') return Promise.resolve();
    const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
    recorder.stop();
    return stopped;
  }
}
