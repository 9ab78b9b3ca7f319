import { DurableObject } from 'cloudflare:workers';
import { readChannelSettings } from '../lib/kv-config';
import { publishChatEvent } from '../chat';
import { PAGE_SCOPES, purgePages } from '../edge-cache';
import type { ListedSegment, Rendition } from './hls';
import { r2Keys, segmentContentType, servedName } from './paths';
import {
  deleteRecordingStatements,
  endLiveStream,
  highestSeq,
  insertLiveStream,
  listedElsewhere,
  reopenLiveStream,
  mediaReceivedStatement,
  recordingDurationStatement,
  replaceRenditionsStatements,
  recordingsBeyond,
  runState,
  segmentListedStatement,
  segmentStoredStatement,
  streamActivity,
  streamRenditions,
  updateViewerCounts,
  type IngestChannel,
  type RunState,
} from '../db/live';
import { findOpenStream } from '../db/streams';
import { clippedFiles } from '../db/clips';
import { KEEP_RECORDINGS } from '../shared/streams-enums';
import type { WentLiveMessage } from '../shared/went-live';
import { LiveChannelStore } from '../db/live-channel-state';
import { keepRecordingPicture } from './pictures';

/** No media for this long ends a live: it becomes a recording. */
export const SILENCE_MS = 10_000;
/**
 * A live the silence ended (a tab closed, a network lost) that gets media again this soon after goes on as the same
 * stream, one recording; one its encoder closed (End, ENDLIST) does not.
 */
export const RESUME_MS = 60_000;
/** Recordings of our own source kept per channel; older ones (rows and R2 objects) go when a new live starts. */
/** A viewer counts as watching while their player fetched a playlist within this window. */
export const VIEWER_WINDOW_MS = 15_000;
/** viewer_count / peak_viewers / view_count reach D1 at most this often. */
export const VIEWER_FLUSH_MS = 5_000;

export type IngestOutcome = { ok: true; streamId: number | null } | { ok: false; code: 'broadcast_off' | 'adult_plus_off' | 'stream_conflict' | 'taken_over' };
export type PlaylistOutcome = { ok: true; streamId: number | null } | { ok: false; code: 'renditions_misaligned' | 'taken_over' };
export type MasterOutcome = { ok: true; streamId: number | null } | { ok: false; code: 'taken_over' };

/** Two renditions' segments of one number differ by more than this in duration, or start this far apart: they do not line up. */
export const ALIGNMENT_TOLERANCE_MS = { duration: 100, start: 500 } as const;

/** A new stream's encoder run: the first, nothing of it stored or listed. */
const FIRST_RUN: RunState = { generation: 0, stored: [], runListed: false };

/** A file of a rendition ('' for a stream of one), as the sets below key it. */
const fileKey = (rendition: string, name: string) => `${rendition}/${name}`;

/** How a blocking playlist reload (LL-HLS `_HLS_msn`) ended: the segment is served, the stream ended, or time ran out. */
export type SegmentWait = 'served' | 'ended' | 'timeout';
/** LL-HLS: a server holds a blocking reload at most three target durations (ours: 1 s, for 0.5 s and 1 s segments). */
export const BLOCKING_RELOAD_MS = 3_000;

interface SegmentWaiter {
  rendition: string;
  seq: number;
  done: (outcome: SegmentWait) => void;
}

/**
 * One channel's live lifecycle (one object per channel id). It serialises that channel's ingest so the
 * first segment starts exactly one stream, keeps the silence alarm, and counts viewers. D1 stays the
 * source of truth for streams and segments; this object's own storage only remembers which stream is
 * open and who has already been counted as a view.
 */
export class LiveChannel extends DurableObject<Env> {
  private readonly store: LiveChannelStore;
  private channelId: number | null = null;
  private streamId: number | null = null;
  /**
   * The encoder's run in the open stream, from 0. An encoder that restarts (its file names start over) begins the
   * next run: the stream goes on after a discontinuity, its files stored under the run's number (paths.ts servedName).
   */
  private generation = 0;
  /** The sender whose files the channel takes (claim); null until the first. In memory: a sending channel stays loaded. */
  private sender: string | null = null;
  /** Senders a newer one took over from, refused until the live ends. */
  private readonly displaced = new Set<string>();
  /** Added to the run's media sequence numbers, so the stream's keep rising (null: its first playlist fixes it). */
  private seqBase: number | null = 0;
  /** Whether a media segment of the current run was listed: a run with none is written over, not followed. */
  private runListed = false;
  /** The current run's files whose PUT completed (fileKey, the encoder's names): a repeat means the encoder restarted. */
  private stored = new Set<string>();
  /** Per rendition, the highest seq listed. */
  private highestListed = new Map<string, number>();
  /** Listed by the encoder before their bytes arrived (fileKey of the served name -> seq): served once stored. */
  private listedUnstored = new Map<string, number>();
  /** Per rendition, the highest seq both stored and listed, as viewers' playlists show it (none until this object saw one). */
  private servedHigh = new Map<string, number>();
  /**
   * The renditions the encoder's master playlist named (null: it sent none), and those whose playlist closed: a
   * stream of several ends once every one of them closed (their last segments may still be on the way).
   */
  private renditions: string[] | null = null;
  private closedRenditions = new Set<string>();
  /**
   * The stream the encoder's closing playlist just ended, with the segments it listed whose bytes were still on the way
   * (ffmpeg sends its last segment beside its last playlist): they are stored into it when they arrive, for SILENCE_MS.
   */
  private closing: { streamId: number; generation: number; files: Set<string>; until: number } | null = null;
  private waiters = new Set<SegmentWaiter>();
  private viewers = new Map<string, number>();
  private newViews = 0;
  private lastFlushAt = 0;
  private flushedCount = -1;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.store = new LiveChannelStore(ctx.storage.sql);
    const state = this.store.state();
    this.channelId = state.channelId;
    this.streamId = state.streamId;
    this.renditions = this.store.master()?.map((r) => r.name) ?? null;
    if (this.streamId !== null) {
      // Woken after eviction mid-stream: relearn the encoder's run and which of its files were stored.
      void ctx.blockConcurrencyWhile(async () => {
        this.adoptRun(await runState(env.DB, this.streamId!), state.seqBase);
      });
    }
  }

  /** Awaits across D1/R2 let other calls in; this chain keeps one channel's ingest strictly in order. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * A file's bytes (a media segment or a CMAF init segment of `rendition`, '' for a stream of one) arrived complete:
   * store them (starting a stream if none is open).
   */
  ingestSegment(channel: IngestChannel, rendition: string, name: string, body: ArrayBuffer, session = ''): Promise<IngestOutcome> {
    return this.serial(async () => {
      const now = Date.now();
      this.adoptChannel(channel.id);
      if (!this.claim(session)) return { ok: false, code: 'taken_over' };
      const closing = this.closing;
      if (this.streamId === null && closing && now < closing.until && closing.files.delete(fileKey(rendition, servedName(closing.generation, name)))) {
        await this.storeFile(channel.id, closing.streamId, closing.generation, rendition, name, body, now, recordingDurationStatement(this.env.DB, closing.streamId));
        return { ok: true, streamId: closing.streamId };
      }
      // The encoder restarted within the silence window: its names start over, and so does its run.
      if (this.streamId !== null && this.stored.has(fileKey(rendition, name))) this.nextRun();
      if (this.streamId === null) {
        const started = await this.startStream(channel, rendition, now);
        if (!started.ok) return started;
      }
      const streamId = this.streamId!;
      const stored = await this.storeFile(channel.id, streamId, this.generation, rendition, name, body, now, mediaReceivedStatement(this.env.DB, streamId, now));
      this.stored.add(fileKey(rendition, name));
      const listed = this.listedUnstored.get(fileKey(rendition, stored));
      if (listed !== undefined) {
        this.listedUnstored.delete(fileKey(rendition, stored));
        this.served(rendition, listed);
      }
      await this.pushAlarm(now);
      await this.flushViewers(now);
      return { ok: true, streamId };
    });
  }

  /**
   * The file's bytes to R2 under the name of its run, and its row marked stored in one batch with `also` (what else
   * the arrival changes). Answers the stored name.
   */
  private async storeFile(channelId: number, streamId: number, generation: number, rendition: string, name: string, body: ArrayBuffer, now: number, also: D1PreparedStatement): Promise<string> {
    const stored = servedName(generation, name);
    await this.env.MEDIA.put(r2Keys.segment(channelId, streamId, stored, rendition), body, { httpMetadata: { contentType: segmentContentType(name) } });
    await this.env.DB.batch([segmentStoredStatement(this.env.DB, streamId, rendition, stored, generation, body.byteLength, now), also]);
    return stored;
  }

  /** The open stream and the rendition its moments are read from (the first, '' for a stream of one); null between streams. */
  openStream(): { streamId: number; rendition: string } | null {
    return this.streamId === null ? null : { streamId: this.streamId, rendition: this.renditions?.[0] ?? '' };
  }

  /** Whether a newer sender took the live over from `session` (claim): its pictures are refused like its media. */
  isDisplaced(session: string): boolean {
    return this.displaced.has(session);
  }

  /**
   * The encoder's master playlist: the renditions of its open stream, and of the next one it starts (an encoder may
   * send it before its first segment).
   */
  ingestMaster(channelId: number, renditions: Rendition[], session = ''): Promise<MasterOutcome> {
    return this.serial(async () => {
      this.adoptChannel(channelId);
      if (!this.claim(session)) return { ok: false, code: 'taken_over' };
      this.store.rememberMaster(renditions);
      this.renditions = renditions.map((r) => r.name);
      if (this.streamId !== null) await this.env.DB.batch(replaceRenditionsStatements(this.env.DB, this.streamId, renditions));
      return { ok: true, streamId: this.streamId };
    });
  }

  /**
   * Whether files from `session` (INGEST_SESSION_HEADER; '' for an encoder that names none) may go on: the newest
   * sender takes the channel over, its files a new run of the open live, and the ones it displaced are refused until
   * that live ends. Two tabs, or a tab and an encoder, never interleave their files in one live.
   */
  private claim(session: string): boolean {
    if (session === this.sender) return true;
    if (this.displaced.has(session)) return false;
    if (this.sender !== null) {
      this.displaced.add(this.sender);
      if (this.streamId !== null) this.nextRun();
    }
    this.sender = session;
    return true;
  }

  /**
   * The encoder's playlist of `rendition` ('' for a stream of one), in its names and numbers: marks the segments it
   * lists as playable, in the stream's names and numbers. Refused when its segments do not line up with another
   * rendition's of the same numbers. A closed playlist ends the stream (of several renditions: once all closed).
   */
  ingestPlaylist(channelId: number, rendition: string, segments: ListedSegment[], ended: boolean, session = ''): Promise<PlaylistOutcome> {
    return this.serial(async () => {
      const now = Date.now();
      this.adoptChannel(channelId);
      if (!this.claim(session)) return { ok: false, code: 'taken_over' };
      const streamId = this.streamId;
      // A playlist with no open stream (before the first segment, or after the stream ended) has nothing to describe.
      if (streamId === null) return { ok: true, streamId: null };
      if (this.seqBase === null && segments.length > 0) {
        // A restarted encoder counts from its own start: its run goes on from the stream's next number.
        this.seqBase = (await highestSeq(this.env.DB, streamId)) + 1 - Math.min(...segments.map((s) => s.seq));
        this.store.remember('seqBase', this.seqBase);
      }
      const base = this.seqBase ?? 0;
      const ours = segments.map((s) => ({
        listed: { ...s, name: servedName(this.generation, s.name), seq: s.seq + base, init: s.init === null ? null : servedName(this.generation, s.init) },
        stored: this.stored.has(fileKey(rendition, s.name)),
      }));
      const highest = this.highestListed.get(rendition) ?? -1;
      const fresh = ours.filter(({ listed }) => listed.seq > highest);
      if (fresh.length > 0) {
        if (
          rendition !== '' &&
          !(await this.linesUp(
            streamId,
            rendition,
            fresh.map(({ listed }) => listed),
          ))
        )
          return { ok: false, code: 'renditions_misaligned' };
        await this.env.DB.batch(fresh.map(({ listed }) => segmentListedStatement(this.env.DB, streamId, rendition, this.generation, listed)));
        this.highestListed.set(rendition, Math.max(highest, ...fresh.map(({ listed }) => listed.seq)));
        this.runListed = true;
        for (const { listed, stored } of fresh) {
          if (stored) this.served(rendition, listed.seq);
          else this.listedUnstored.set(fileKey(rendition, listed.name), listed.seq);
        }
      }
      if (ended) this.closedRenditions.add(rendition);
      const allClosed = this.renditions === null || rendition === '' || this.renditions.every((name) => this.closedRenditions.has(name));
      if (ended && allClosed) await this.endStream(now);
      else await this.pushAlarm(now);
      return { ok: true, streamId };
    });
  }

  /**
   * Whether these segments of `rendition` (in the stream's numbers) line up with what other renditions listed under
   * the same numbers: the same duration and start, within ALIGNMENT_TOLERANCE_MS. A player switching renditions
   * goes by number, so a set that does not line up would skip or repeat a moment at each switch.
   */
  private async linesUp(streamId: number, rendition: string, segments: ListedSegment[]): Promise<boolean> {
    const seqs = segments.map((s) => s.seq);
    const others = await listedElsewhere(this.env.DB, streamId, rendition, Math.min(...seqs), Math.max(...seqs));
    const bySeq = new Map(segments.map((s) => [s.seq, s]));
    return others.every((other) => {
      const mine = bySeq.get(other.seq)!;
      if (Math.abs(mine.durationMs - other.durationMs) > ALIGNMENT_TOLERANCE_MS.duration) return false;
      return mine.programDateTime === null || other.programDateTime === null || Math.abs(mine.programDateTime - other.programDateTime) <= ALIGNMENT_TOLERANCE_MS.start;
    });
  }

  /**
   * A blocking playlist reload (LL-HLS `_HLS_msn`): answers once segment `seq` of the open stream `streamId`
   * is served (stored and listed), at once when it already is or the stream is no longer open, else after
   * `timeoutMs`. Not queued behind the ingest: it only reads what the ingest has done.
   */
  segmentServed(streamId: number, seq: number, timeoutMs: number, rendition = ''): Promise<SegmentWait> {
    if (streamId !== this.streamId) return Promise.resolve('ended');
    if ((this.servedHigh.get(rendition) ?? -1) >= seq) return Promise.resolve('served');
    return new Promise((resolve) => {
      const timer = setTimeout(() => waiter.done('timeout'), Math.min(timeoutMs, BLOCKING_RELOAD_MS));
      const waiter: SegmentWaiter = {
        rendition,
        seq,
        done: (outcome) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(outcome);
        },
      };
      this.waiters.add(waiter);
    });
  }

  private served(rendition: string, seq: number): void {
    const high = Math.max(this.servedHigh.get(rendition) ?? -1, seq);
    this.servedHigh.set(rendition, high);
    for (const waiter of this.waiters) if (waiter.rendition === rendition && waiter.seq <= high) waiter.done('served');
  }

  /** A player fetched the live playlist of `streamId`. */
  sawViewer(streamId: number, viewer: string): Promise<void> {
    return this.serial(async () => {
      if (streamId !== this.streamId) return;
      const now = Date.now();
      this.viewers.set(viewer, now);
      if (this.store.markSeen(streamId, viewer)) this.newViews += 1;
      await this.flushViewers(now);
    });
  }

  override async alarm(): Promise<void> {
    await this.serial(async () => {
      if (this.streamId === null) return;
      const now = Date.now();
      const row = await streamActivity(this.env.DB, this.streamId);
      if (!row || row.endedAt !== null) return this.forgetStream();
      const quietSince = row.lastMediaAt ?? row.startedAt;
      // It ended when the silence reached SILENCE_MS, however late this alarm runs (an object away for hours must
      // not give its live hours of silence, nor let an encoder starting now resume it).
      if (now - quietSince >= SILENCE_MS) await this.endStream(quietSince + SILENCE_MS, { resumable: true });
      else {
        await this.flushViewers(now);
        await this.ctx.storage.setAlarm(quietSince + SILENCE_MS);
      }
    });
  }

  private adoptChannel(channelId: number): void {
    if (this.channelId !== channelId) {
      this.channelId = channelId;
      this.store.remember('channel', channelId);
    }
  }

  /** The encoder's run as D1 knows it (a new stream, or one this object had forgotten). */
  private adoptRun(run: RunState, seqBase: number | null): void {
    this.generation = run.generation;
    this.stored = new Set(run.stored);
    this.runListed = run.runListed;
    // The first run counts as the encoder does.
    this.seqBase = run.generation === 0 ? 0 : seqBase;
  }

  /** The encoder started over: the next run, unless nothing of this one was listed (then it is written over). */
  private nextRun(): void {
    if (this.runListed) {
      this.generation += 1;
      this.seqBase = null;
      this.store.remember('seqBase', null);
    }
    this.runListed = false;
    this.stored = new Set();
    this.listedUnstored.clear();
  }

  private async pushAlarm(now: number): Promise<void> {
    await this.ctx.storage.setAlarm(now + SILENCE_MS);
  }

  private async startStream(channel: IngestChannel, rendition: string, now: number): Promise<IngestOutcome> {
    this.closing = null;
    const open = await findOpenStream(this.env.DB, channel.id);
    let streamId: number;
    /** A live that was not on air before this: its followers are told. */
    let fresh = false;
    if (open) {
      // Our storage forgot an open stream of ours (lost object state): carry on with it.
      if (open.source !== 'flex') return { ok: false, code: 'stream_conflict' };
      streamId = open.id;
      this.adoptRun(await runState(this.env.DB, streamId), this.store.state().seqBase);
    } else {
      const settings = await readChannelSettings(this.env.CONFIG);
      if (!settings.broadcast) return { ok: false, code: 'broadcast_off' };
      // An adult-plus channel goes on air only while operators allow adult-plus broadcasting.
      if (channel.adultPlus && !settings.adultPlusBroadcast) return { ok: false, code: 'adult_plus_off' };
      const { resumable } = this.store.state();
      this.store.rememberResumable(null);
      const resume = resumable && now < resumable.until && (await this.sameRenditions(resumable.streamId, rendition));
      const reopened = resume ? await reopenLiveStream(this.env.DB, resumable.streamId, channel.id, now) : null;
      if (reopened) {
        // The encoder that went away came back: its files start a new run after a discontinuity.
        streamId = reopened.id;
        const run = await runState(this.env.DB, streamId);
        this.adoptRun({ ...run, generation: run.generation + 1, stored: [], runListed: false }, null);
        this.store.remember('seqBase', null);
      } else {
        const row = await insertLiveStream(this.env.DB, channel, now);
        if (!row) return { ok: false, code: 'stream_conflict' };
        streamId = row.id;
        fresh = true;
        this.adoptRun(FIRST_RUN, 0);
      }
      // The renditions the encoder announced before its first segment.
      const master = this.store.master();
      if (master) await this.env.DB.batch(replaceRenditionsStatements(this.env.DB, streamId, master));
      if (!reopened) await this.pruneRecordings(channel.id);
    }
    this.highestListed.clear();
    this.listedUnstored.clear();
    this.servedHigh.clear();
    this.closedRenditions.clear();
    this.streamStatusChanged(channel.id, streamId, 'live');
    // A new live (not an encoder back within the minute): its followers are told, off the ingest's path.
    if (fresh)
      this.ctx.waitUntil(this.env.NOTICES.send({ channelId: channel.id, streamId, after: 0 } satisfies WentLiveMessage).catch((err) => console.warn('went-live notices not queued', channel.id, err)));
    return { ok: true, streamId };
  }

  /**
   * Whether an encoder coming back sends the renditions the stream it went away from had: one recording holds one
   * set, so another set (a ladder after a single rendition, or other names) starts a live of its own. Its master
   * names the set when it came first; otherwise the folder of its first file tells a ladder from a single rendition.
   */
  private async sameRenditions(streamId: number, rendition: string): Promise<boolean> {
    const before = (await streamRenditions(this.env.DB, streamId)).map((r) => r.name);
    const now = this.store.master()?.map((r) => r.name);
    if (now) return now.length === before.length && now.every((name, i) => name === before[i]);
    return (rendition === '') === (before.length === 0);
  }

  /** Ends the live as of `endedAt`; a resumable one can be continued until RESUME_MS after that. */
  private async endStream(endedAt: number, { resumable = false } = {}): Promise<void> {
    const streamId = this.streamId;
    if (streamId === null) return;
    // The next live is anyone's to send.
    this.displaced.clear();
    await endLiveStream(this.env.DB, streamId, endedAt, this.newViews);
    this.ctx.waitUntil(keepRecordingPicture(this.env, this.channelId!, streamId));
    await this.ctx.storage.deleteAlarm();
    this.closing = !resumable && this.listedUnstored.size > 0 ? { streamId, generation: this.generation, files: new Set(this.listedUnstored.keys()), until: endedAt + SILENCE_MS } : null;
    this.store.rememberResumable(resumable ? { streamId, until: endedAt + RESUME_MS } : null);
    this.streamStatusChanged(this.channelId!, streamId, 'ended');
  }

  /**
   * The one place a live starts or ends (after D1 says so). It resets this object's per-stream state,
   * purges the cached pages that show it (the lists and this channel's page), then tells the channel's
   * chat room (a channel_status event, on which open pages fetch theirs again), without holding up the ingest.
   */
  private streamStatusChanged(channelId: number, streamId: number, status: 'live' | 'ended'): void {
    if (status === 'live') {
      this.streamId = streamId;
      this.store.remember('stream', streamId);
    } else {
      this.forgetStream();
    }
    console.log(JSON.stringify({ event: 'live.status', channelId, streamId, status }));
    this.ctx.waitUntil(
      purgePages(this.env, [PAGE_SCOPES.lists, PAGE_SCOPES.channel(channelId)])
        .then(() => publishChatEvent(this.env, channelId, { kind: 'channel_status', status, streamId }))
        .catch((err) => console.warn('chat status event failed', channelId, err)),
    );
  }

  private forgetStream(): void {
    if (this.streamId !== null) this.store.forgetSeen(this.streamId);
    this.streamId = null;
    this.store.remember('stream', null);
    this.store.remember('seqBase', null);
    // The next stream's encoder says again which renditions it sends.
    this.store.rememberMaster(null);
    this.renditions = null;
    this.closedRenditions.clear();
    this.adoptRun(FIRST_RUN, 0);
    this.highestListed.clear();
    this.listedUnstored.clear();
    this.servedHigh.clear();
    for (const waiter of this.waiters) waiter.done('ended');
    this.viewers.clear();
    this.newViews = 0;
    this.flushedCount = -1;
  }

  /** Distinct viewers of the last 15 s, plus new views, to D1 at most every 5 s (segments keep it ticking). */
  private async flushViewers(now: number): Promise<void> {
    if (this.streamId === null || now - this.lastFlushAt < VIEWER_FLUSH_MS) return;
    for (const [viewer, seen] of this.viewers) if (now - seen > VIEWER_WINDOW_MS) this.viewers.delete(viewer);
    const count = this.viewers.size;
    // Nothing new to say (a fresh stream's row already reads 0): keep the 5 s budget for the first viewer.
    if (count === Math.max(this.flushedCount, 0) && this.newViews === 0) return;
    const views = this.newViews;
    await updateViewerCounts(this.env.DB, this.streamId, count, views);
    this.newViews -= views;
    this.flushedCount = count;
    this.lastFlushAt = now;
  }

  /** Keep the newest KEEP_RECORDINGS recordings; the rest lose their R2 objects (but those clips list), segments and rows. */
  private async pruneRecordings(channelId: number): Promise<void> {
    for (const streamId of await recordingsBeyond(this.env.DB, channelId, KEEP_RECORDINGS)) {
      try {
        await this.env.DB.batch(deleteRecordingStatements(this.env.DB, streamId));
      } catch (err) {
        // Another table still points at this stream (a later feature's rows): keep it whole, media included.
        console.warn('recording kept', streamId, err);
        continue;
      }
      const prefix = r2Keys.streamPrefix(channelId, streamId);
      // A clip refers to its recording's files: those stay until its last clip goes (src/api/services/clips.ts).
      const clipped = await clippedFiles(this.env.DB, streamId);
      let cursor: string | undefined;
      do {
        const page = await this.env.MEDIA.list({ prefix, cursor });
        const gone = page.objects.map((o) => o.key).filter((key) => !clipped.has(key.slice(prefix.length)));
        if (gone.length > 0) await this.env.MEDIA.delete(gone);
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
    }
  }
}
