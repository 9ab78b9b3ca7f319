import { AudioSample, AudioSampleSource, canEncodeAudio, EncodedAudioPacketSource, type EncodedPacket, Mp4OutputFormat, NullTarget, Output, VideoSample, VideoSampleSource } from 'mediabunny';
import { fragmentDurationMs, initTracks, type TrackInfo } from './cmaf-boxes';
import type { RenditionPlan } from './ladder';
import { type Rendition, renderMasterPlaylist } from '../../../../src/shared/hls-master';
import { AUDIO_BITRATE, broadcastFailure, peakBandwidth, RenditionUploads, StudioIngest, sendThumbnail, THUMBNAIL_MS } from './studio-ingest';
import { concatBytes } from '../../../../src/shared/bytes';

// Going live from a browser tab: the camera or screen and the microphone, encoded by the browser (WebCodecs: H.264 and
// AAC; AAC from WebAssembly where the browser has no encoder of its own), packaged as CMAF in 0.5 s segments by
// mediabunny, and sent to the ingest per rendition. docs/product/watching-and-chat.md, "Going live from the studio".
//
// Every rendition gets the same frames with the same timestamps: a frame one encoder has no room for is dropped for
// all of them, so their key frames, and so their segments, fall at the same moments (the ingest refuses renditions
// that do not line up).

/**
 * Seconds a segment lasts: a key frame opens each, at the same moments in every rendition. Half a second, as the demo
 * encoder: viewers then play a part (this) behind the edge (docs/decisions.md, "Live latency").
 */
export const SEGMENT_SECONDS = 0.5;
const AUDIO_CODECS = 'mp4a.40.2';
/** Frames (and audio) off a track, as Chromium's breakout box reads them. */
declare class MediaStreamTrackProcessor<T> {
  constructor(init: { track: MediaStreamTrack });
  readonly readable: ReadableStream<T>;
}

export interface BroadcastStats {
  /** Bits per second sent over the last 5 s. */
  uploadBps: number;
  /** Frames of the capture dropped because an encoder had not finished the one before; null where the encoder does not say. */
  droppedFrames: number | null;
  /** Segments whose upload finished more than their own length after their last frame was captured. */
  lateSegments: number;
  /** How long after capture the newest segment was uploaded (ms), in the slowest rendition: the tab's share of the delay. */
  delayMs: number;
  segments: number;
  /** The ingest did not answer the last try: the studio is trying again (a minute's gap still continues the live). */
  offline: boolean;
}

/** A live from this tab, whichever way it is encoded (this file's WebCodecs, or recorder-broadcast.ts's MediaRecorder). */
export interface LiveBroadcast {
  /** The qualities sent, highest first. */
  readonly sending: string[];
  /** Whether another camera or screen can take over mid-live. */
  readonly canSwitchVideo: boolean;
  switchVideo(track: MediaStreamTrack): void;
  setMuted(muted: boolean): void;
  stats(): BroadcastStats;
  end(): Promise<void>;
}

export interface BroadcastOptions {
  streamKey: string;
  video: MediaStreamTrack;
  audio: MediaStreamTrack | null;
  ladder: RenditionPlan[];
  frameRate: number;
  /** A still of the preview for the channel's thumbnail, taken every THUMBNAIL_MS. */
  snapshot?: () => Promise<Blob | null>;
  /** The live cannot go on: the ingest refused a file (its words), or an encoder failed. */
  onFailure: (failure: { code: string; message: string }) => void;
}

/** Seconds of microphone audio the encoder is given at a time (the microphone delivers 10 ms pieces). */
const AUDIO_BATCH_S = 0.1;
/** Seconds of frames an encoder may hold before new ones are dropped (a real-time H.264 encoder holds a few frames). */
const MAX_ENCODER_BACKLOG_S = 0.5;

/** One rendition: its encoders and CMAF packager, and the segments it sent. */
class RenditionOutput {
  readonly output: Output;
  readonly video: VideoSampleSource;
  readonly audio: EncodedAudioPacketSource | null = null;
  /** A frame is on its way into the video encoder (the next one is dropped). */
  busy = false;
  /** The timestamp (s) of the newest frame the encoder gave back: what it took in but has not given back is its backlog. */
  encodedUpTo = 0;
  private audioChain: Promise<void> = Promise.resolve();
  private init: Uint8Array[] = [];
  private tracks: Map<number, TrackInfo> | null = null;
  private pendingMoof: { bytes: Uint8Array; timestamp: number } | null = null;
  readonly uploads: RenditionUploads;
  codecs: string | null = null;

  constructor(
    readonly plan: RenditionPlan,
    withAudio: boolean,
    frameRate: number,
    private readonly epoch: () => number,
    ingest: StudioIngest,
    masterSent: () => Promise<void>,
    private readonly fail: (error: unknown) => void,
  ) {
    this.uploads = new RenditionUploads(ingest, plan.name, masterSent, fail);
    this.output = new Output({
      format: new Mp4OutputFormat({
        fastStart: 'fragmented',
        // A fragment per key frame: each is one segment.
        minimumFragmentDuration: SEGMENT_SECONDS / 2,
        onFtyp: (data) => void this.init.push(data.slice()),
        onMoov: (data) => this.initReady(data.slice()),
        onMoof: (data, _position, timestamp) => {
          this.pendingMoof = { bytes: data.slice(), timestamp };
        },
        onMdat: (data) => this.fragmentReady(data),
      }),
      target: new NullTarget(),
    });
    this.video = new VideoSampleSource({
      codec: 'avc',
      bitrate: plan.bitrate,
      keyFrameInterval: SEGMENT_SECONDS,
      latencyMode: 'realtime',
      sizeChangeBehavior: 'passThrough',
      // Every frame at this rendition's size, whatever the source (a camera, then a wider screen).
      transform: { width: plan.width, height: plan.height, fit: 'contain' },
      onEncoderConfig: (config) => {
        this.codecs = withAudio ? `${config.codec},${AUDIO_CODECS}` : config.codec;
      },
      onEncodedPacket: (packet) => {
        this.encodedUpTo = Math.max(this.encodedUpTo, packet.timestamp);
      },
    });
    this.output.addVideoTrack(this.video, { frameRate });
    if (withAudio) {
      this.audio = new EncodedAudioPacketSource('aac');
      this.output.addAudioTrack(this.audio);
    }
  }

  /** A frame for this rendition's encoder; resolves once the encoder took it. */
  async addFrame(sample: VideoSample): Promise<void> {
    this.busy = true;
    try {
      await this.video.add(sample);
    } finally {
      this.busy = false;
    }
  }

  /** The live's audio, encoded once for every rendition: each packet after the one before. */
  addAudio(packet: EncodedPacket, meta: EncodedAudioChunkMetadata | undefined): void {
    const audio = this.audio;
    if (!audio) return;
    this.audioChain = this.audioChain.then(() => audio.add(packet, meta)).catch(this.fail);
  }

  private initReady(moov: Uint8Array): void {
    const bytes = concatBytes(...this.init, moov);
    this.tracks = initTracks(bytes);
    this.uploads.init(bytes);
  }

  private fragmentReady(mdat: Uint8Array): void {
    const moof = this.pendingMoof;
    this.pendingMoof = null;
    if (!moof || !this.tracks) return;
    const durationMs = fragmentDurationMs(moof.bytes, this.tracks) ?? SEGMENT_SECONDS * 1000;
    this.uploads.segment(concatBytes(moof.bytes, mdat), durationMs, Math.round(this.epoch() + moof.timestamp * 1000));
  }

  /** The last fragment out and every upload done, then the playlist closed. */
  async close(): Promise<void> {
    await this.audioChain;
    await this.output.finalize().catch(() => undefined);
    await this.uploads.close();
  }

  /** This rendition in the master playlist: peak bits per second (audio included), size, codecs, frame rate. */
  entry(frameRate: number, audio: boolean): Rendition {
    const { name, width, height, bitrate } = this.plan;
    const bandwidth = peakBandwidth(bitrate, audio);
    return { name, width, height, bandwidth, averageBandwidth: null, codecs: this.codecs ?? `avc1.42e01f${audio ? `,${AUDIO_CODECS}` : ''}`, frameRate };
  }
}

/** A live from this tab. Made by StudioBroadcast.start; ended by end() (or by a failure, which calls onFailure). */
export class StudioBroadcast implements LiveBroadcast {
  readonly canSwitchVideo = true;
  private readonly ingest: StudioIngest;
  private readonly renditions: RenditionOutput[] = [];
  private videoReader: ReadableStreamDefaultReader<VideoFrame> | null = null;
  private audioReader: ReadableStreamDefaultReader<AudioData> | null = null;
  /** The video clock's time (µs) of the first frame sent, and when it arrived: the live's time 0. */
  private baseUs: number | null = null;
  private baseAt = 0;
  /**
   * The audio clock's time (µs) of the first audio after that frame, and where that falls on the live's time (s).
   * Browsers stamp camera frames and microphone audio on different clocks: arrival places one against the other.
   */
  private audioBase: { us: number; at: number } | null = null;
  private lastVideoUs = -1;
  private epochMs = 0;
  private dropped = 0;
  /** The microphone's encoder: one for every rendition, its packets given to each. */
  private audioOutput: Output | null = null;
  private audioSource: AudioSampleSource | null = null;
  private audioChain: Promise<void> = Promise.resolve();
  /** Audio gathered into AUDIO_BATCH_S pieces: the encoder is asked a tenth as often as the microphone delivers. */
  private audioBatch: { pieces: AudioData[]; frames: number; timestamp: number } | null = null;
  private master: Promise<void> | null = null;
  private thumbTimer: ReturnType<typeof setInterval> | null = null;
  private failed = false;
  private ending = false;

  private constructor(private readonly options: BroadcastOptions) {
    this.ingest = new StudioIngest(options.streamKey);
  }

  static async start(options: BroadcastOptions): Promise<StudioBroadcast> {
    const live = new StudioBroadcast(options);
    await live.begin();
    return live;
  }

  /** The qualities sent, highest first. */
  get sending(): string[] {
    return this.renditions.map((r) => r.plan.name);
  }

  private async begin(): Promise<void> {
    const { video, audio, ladder, frameRate } = this.options;
    // AAC from the browser's own encoder, else from WebAssembly (Chromium on Linux, Firefox): loaded only then.
    if (audio && !(await canEncodeAudio('aac'))) {
      const { registerAacEncoder } = await import('@mediabunny/aac-encoder');
      registerAacEncoder();
    }
    for (const plan of ladder) {
      this.renditions.push(
        new RenditionOutput(
          plan,
          audio !== null,
          frameRate,
          () => this.epochMs,
          this.ingest,
          () => this.sendMaster(),
          (error) => this.fail(error),
        ),
      );
    }
    if (audio) {
      this.audioOutput = new Output({ format: new Mp4OutputFormat({ fastStart: 'fragmented' }), target: new NullTarget() });
      this.audioSource = new AudioSampleSource({
        codec: 'aac',
        bitrate: AUDIO_BITRATE,
        onEncodedPacket: (packet, meta) => {
          for (const r of this.renditions) r.addAudio(packet, meta);
        },
      });
      this.audioOutput.addAudioTrack(this.audioSource);
      await this.audioOutput.start();
    }
    await Promise.all(this.renditions.map((r) => r.output.start()));
    this.readVideo(video);
    if (audio) void this.readAudio(audio);
    const { snapshot } = this.options;
    if (snapshot) this.thumbTimer = setInterval(() => void sendThumbnail(this.ingest, snapshot), THUMBNAIL_MS);
  }

  /** The master playlist, once, before the first media segment of any rendition (the encoders named their codecs by then). */
  private sendMaster(): Promise<void> {
    this.master ??= this.ingest.put('master.m3u8', renderMasterPlaylist(this.renditions.map((r) => r.entry(this.options.frameRate, this.options.audio !== null))));
    return this.master;
  }

  /** Frames from `track` to every rendition, until another source takes over or the live ends. */
  private readVideo(track: MediaStreamTrack): void {
    const previous = this.videoReader;
    const reader = new MediaStreamTrackProcessor<VideoFrame>({ track }).readable.getReader();
    this.videoReader = reader;
    void previous?.cancel().catch(() => undefined);
    void (async () => {
      for (;;) {
        const read = await reader.read().catch(() => null);
        const frame = read?.value;
        if (!frame) return;
        if (this.videoReader !== reader || this.ending) {
          frame.close();
          return;
        }
        this.sendFrame(frame);
      }
    })();
  }

  private sendFrame(frame: VideoFrame): void {
    // One clock for the whole live: the capture's, from the first frame (a switched source keeps counting on).
    if (this.baseUs === null) {
      this.baseUs = frame.timestamp;
      this.baseAt = performance.now();
      this.epochMs = Date.now();
    }
    const timestamp = (frame.timestamp - this.baseUs) / 1e6;
    // An encoder that takes frames in faster than it gives them back queues them inside, and the live falls further
    // behind with every second: past MAX_ENCODER_BACKLOG_S, frames are dropped until it caught up.
    const busy = this.renditions.some((r) => r.busy || timestamp - r.encodedUpTo > MAX_ENCODER_BACKLOG_S);
    if (busy || frame.timestamp <= this.lastVideoUs) {
      if (busy) this.dropped += 1;
      frame.close();
      return;
    }
    this.lastVideoUs = frame.timestamp;
    const sample = new VideoSample(frame, { timestamp, duration: 1 / this.options.frameRate });
    // The encoders copy what they need: the frame goes once every rendition took it.
    void Promise.all(this.renditions.map((r) => r.addFrame(sample)))
      .catch((error) => this.fail(error))
      .finally(() => sample.close());
  }

  /** The microphone's audio to every rendition, on the same clock as the frames. */
  private async readAudio(track: MediaStreamTrack): Promise<void> {
    const reader = new MediaStreamTrackProcessor<AudioData>({ track }).readable.getReader();
    this.audioReader = reader;
    for (;;) {
      const read = await reader.read().catch(() => null);
      const data = read?.value;
      if (!data) return;
      // Audio before the first frame has no place on the live's time yet.
      if (this.baseUs === null || this.ending) {
        data.close();
        if (this.ending) return;
        continue;
      }
      this.audioBase ??= { us: data.timestamp, at: (performance.now() - this.baseAt) / 1000 };
      this.gatherAudio(data, this.audioBase.at + (data.timestamp - this.audioBase.us) / 1e6);
    }
  }

  /** Keeps the microphone's piece in the batch; a full batch goes to the encoder, after the one before. */
  private gatherAudio(data: AudioData, timestamp: number): void {
    const first = this.audioBatch?.pieces[0];
    // A microphone that changed its format starts a batch of its own.
    if (first && (first.numberOfChannels !== data.numberOfChannels || first.sampleRate !== data.sampleRate)) this.flushAudio();
    this.audioBatch ??= { pieces: [], frames: 0, timestamp };
    this.audioBatch.pieces.push(data);
    this.audioBatch.frames += data.numberOfFrames;
    if (this.audioBatch.frames >= data.sampleRate * AUDIO_BATCH_S) this.flushAudio();
  }

  private flushAudio(): void {
    const batch = this.audioBatch;
    const source = this.audioSource;
    this.audioBatch = null;
    if (!batch) return;
    const { numberOfChannels, sampleRate } = batch.pieces[0]!;
    // f32-planar: each channel's frames in a row, one channel after the other.
    const data = new Float32Array(batch.frames * numberOfChannels);
    for (let channel = 0; channel < numberOfChannels; channel++) {
      let at = channel * batch.frames;
      for (const piece of batch.pieces) {
        piece.copyTo(data.subarray(at, at + piece.numberOfFrames), { planeIndex: channel, format: 'f32-planar' });
        at += piece.numberOfFrames;
      }
    }
    for (const piece of batch.pieces) piece.close();
    if (!source) return;
    const sample = new AudioSample({ data, format: 'f32-planar', numberOfChannels, sampleRate, timestamp: batch.timestamp });
    this.audioChain = this.audioChain
      .then(() => source.add(sample))
      .catch((error) => this.fail(error))
      .finally(() => sample.close());
  }

  /** Another camera or screen, mid-live: the encoders go on (each frame is scaled to the rendition's size). */
  switchVideo(track: MediaStreamTrack): void {
    this.readVideo(track);
  }

  /** Muted, the microphone sends silence: the audio track goes on, so players keep their timeline. */
  setMuted(muted: boolean): void {
    if (this.options.audio) this.options.audio.enabled = !muted;
  }

  stats(): BroadcastStats {
    return {
      uploadBps: this.ingest.uploadBps(),
      droppedFrames: this.dropped,
      lateSegments: this.renditions.reduce((n, r) => n + r.uploads.late, 0),
      delayMs: Math.max(0, ...this.renditions.map((r) => r.uploads.delayMs)),
      segments: Math.min(...this.renditions.map((r) => r.uploads.segments.length)),
      offline: this.ingest.offline,
    };
  }

  private fail(error: unknown): void {
    if (this.failed || this.ending) return;
    this.failed = true;
    this.options.onFailure(broadcastFailure(error));
    void this.stop();
  }

  /** End the live: the last segments go out and every playlist closes (the live becomes a recording at once). */
  async end(): Promise<void> {
    if (this.ending) return;
    this.ending = true;
    await this.videoReader?.cancel().catch(() => undefined);
    await this.audioReader?.cancel().catch(() => undefined);
    this.flushAudio();
    await this.audioChain;
    // The encoder's last packets reach the renditions before they close.
    await this.audioOutput?.finalize().catch(() => undefined);
    await Promise.all(this.renditions.map((r) => r.close())).catch(() => undefined);
    await this.stop();
  }

  /** Stops this live's readers and timers (not the creator's own camera and microphone). */
  private async stop(): Promise<void> {
    this.ending = true;
    if (this.thumbTimer) clearInterval(this.thumbTimer);
    this.thumbTimer = null;
    await this.videoReader?.cancel().catch(() => undefined);
    await this.audioReader?.cancel().catch(() => undefined);
    const outputs = [this.audioOutput, ...this.renditions.map((r) => r.output)];
    await Promise.all(outputs.map((o) => (!o || o.state === 'finalized' ? undefined : o.cancel().catch(() => undefined))));
  }
}

/** The renditions this browser's H.264 encoder takes (a device that cannot encode the lower one sends the source alone). */
export async function encodableLadder(plans: RenditionPlan[], frameRate: number): Promise<RenditionPlan[]> {
  const checks = await Promise.all(
    plans.map((p) =>
      VideoEncoder.isConfigSupported({ codec: 'avc1.42001f', width: p.width, height: p.height, bitrate: p.bitrate, framerate: frameRate, latencyMode: 'realtime', avc: { format: 'avc' } })
        .then((r) => r.supported === true)
        .catch(() => false),
    ),
  );
  return plans.filter((_, i) => checks[i]);
}
