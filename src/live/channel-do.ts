import { DurableObject } from 'cloudflare:workers';
import { readChannelSettings } from '../lib/kv-config';
import { publishChatEvent } from '../chat';
import { PAGE_SCOPES, purgePages } from '../edge-cache';
import type { ListedSegment } from './hls';
import { r2Keys, segmentContentType } from './paths';
import {
  deleteRecordingStatements,
  endLiveStream,
  insertLiveStream,
  mediaReceivedStatement,
  recordingsBeyond,
  segmentListedStatement,
  segmentStoredStatement,
  storedSegmentNames,
  streamActivity,
  updateViewerCounts,
  type IngestChannel,
} from '../db/live';
import { findOpenStream } from '../db/streams';
import { LiveChannelStore } from '../db/live-channel-state';

/** No media for this long ends a live: it becomes a recording. */
export const SILENCE_MS = 10_000;
/** Recordings of our own source kept per channel; older ones (rows and R2 objects) go when a new live starts. */
export const KEEP_RECORDINGS = 10;
/** A viewer counts as watching while their player fetched a playlist within this window. */
export const VIEWER_WINDOW_MS = 15_000;
/** viewer_count / peak_viewers / view_count reach D1 at most this often. */
export const VIEWER_FLUSH_MS = 5_000;

export type IngestOutcome = { ok: true; streamId: number | null } | { ok: false; code: 'broadcast_off' | 'adult_plus_off' | 'stream_conflict' };

/** How a blocking playlist reload (LL-HLS `_HLS_msn`) ended: the segment is served, the stream ended, or time ran out. */
export type SegmentWait = 'served' | 'ended' | 'timeout';
/** LL-HLS: a server holds a blocking reload at most three target durations (ours: 1 s segments). */
export const BLOCKING_RELOAD_MS = 3_000;

interface SegmentWaiter {
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
  /** Segment names whose PUT completed in the open stream: a repeat means the encoder restarted. */
  private stored = new Set<string>();
  private highestListed = -1;
  /** Listed by the encoder before their bytes arrived (name -> seq): served once stored. */
  private listedUnstored = new Map<string, number>();
  /** The highest seq both stored and listed, as viewers' playlists show it; -1 until this object saw one. */
  private servedHigh = -1;
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
    if (this.streamId !== null) {
      // Woken after eviction mid-stream: relearn which segments were stored.
      void ctx.blockConcurrencyWhile(async () => {
        this.stored = new Set(await storedSegmentNames(env.DB, this.streamId!));
      });
    }
  }

  /** Awaits across D1/R2 let other calls in; this chain keeps one channel's ingest strictly in order. */
  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** A segment's bytes arrived complete: store them (starting a stream if none is open). */
  ingestSegment(channel: IngestChannel, name: string, body: ArrayBuffer): Promise<IngestOutcome> {
    return this.serial(async () => {
      const now = Date.now();
      this.adoptChannel(channel.id);
      // ffmpeg restarted within the silence window: its names start over, so this is a new stream.
      if (this.streamId !== null && this.stored.has(name)) await this.endStream(now);
      if (this.streamId === null) {
        const started = await this.startStream(channel, now);
        if (!started.ok) return started;
      }
      const streamId = this.streamId!;
      await this.env.MEDIA.put(r2Keys.segment(channel.id, streamId, name), body, { httpMetadata: { contentType: segmentContentType(name) } });
      await this.env.DB.batch([segmentStoredStatement(this.env.DB, streamId, name, body.byteLength, now), mediaReceivedStatement(this.env.DB, streamId, now)]);
      this.stored.add(name);
      const listed = this.listedUnstored.get(name);
      if (listed !== undefined) {
        this.listedUnstored.delete(name);
        this.served(listed);
      }
      await this.pushAlarm(now);
      await this.flushViewers(now);
      return { ok: true, streamId };
    });
  }

  /** The encoder's playlist: marks the segments it lists as playable; a closed playlist ends the stream. */
  ingestPlaylist(channelId: number, segments: ListedSegment[], ended: boolean): Promise<{ streamId: number | null }> {
    return this.serial(async () => {
      const now = Date.now();
      this.adoptChannel(channelId);
      const streamId = this.streamId;
      // A playlist with no open stream (before the first segment, or after the stream ended) has nothing to describe.
      if (streamId === null) return { streamId: null };
      const fresh = segments.filter((s) => s.seq > this.highestListed);
      if (fresh.length > 0) {
        await this.env.DB.batch(fresh.map((s) => segmentListedStatement(this.env.DB, streamId, s)));
        this.highestListed = Math.max(this.highestListed, ...fresh.map((s) => s.seq));
        for (const s of fresh) {
          if (this.stored.has(s.name)) this.served(s.seq);
          else this.listedUnstored.set(s.name, s.seq);
        }
      }
      if (ended) await this.endStream(now);
      else await this.pushAlarm(now);
      return { streamId };
    });
  }

  /**
   * A blocking playlist reload (LL-HLS `_HLS_msn`): answers once segment `seq` of the open stream `streamId`
   * is served (stored and listed), at once when it already is or the stream is no longer open, else after
   * `timeoutMs`. Not queued behind the ingest: it only reads what the ingest has done.
   */
  segmentServed(streamId: number, seq: number, timeoutMs: number): Promise<SegmentWait> {
    if (streamId !== this.streamId) return Promise.resolve('ended');
    if (this.servedHigh >= seq) return Promise.resolve('served');
    return new Promise((resolve) => {
      const timer = setTimeout(() => waiter.done('timeout'), Math.min(timeoutMs, BLOCKING_RELOAD_MS));
      const waiter: SegmentWaiter = {
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

  private served(seq: number): void {
    this.servedHigh = Math.max(this.servedHigh, seq);
    for (const waiter of this.waiters) if (waiter.seq <= this.servedHigh) waiter.done('served');
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
      if (now - quietSince >= SILENCE_MS) await this.endStream(now);
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

  private async pushAlarm(now: number): Promise<void> {
    await this.ctx.storage.setAlarm(now + SILENCE_MS);
  }

  private async startStream(channel: IngestChannel, now: number): Promise<IngestOutcome> {
    const open = await findOpenStream(this.env.DB, channel.id);
    let streamId: number;
    if (open) {
      // Our storage forgot an open stream of ours (lost object state): carry on with it.
      if (open.source !== 'flex') return { ok: false, code: 'stream_conflict' };
      streamId = open.id;
      this.stored = new Set(await storedSegmentNames(this.env.DB, streamId));
    } else {
      const settings = await readChannelSettings(this.env.CONFIG);
      if (!settings.broadcast) return { ok: false, code: 'broadcast_off' };
      // An adult-plus channel goes on air only while operators allow adult-plus broadcasting.
      if (channel.adultPlus && !settings.adultPlusBroadcast) return { ok: false, code: 'adult_plus_off' };
      const row = await insertLiveStream(this.env.DB, channel, now);
      if (!row) return { ok: false, code: 'stream_conflict' };
      streamId = row.id;
      this.stored = new Set();
      await this.pruneRecordings(channel.id);
    }
    this.highestListed = -1;
    this.listedUnstored.clear();
    this.servedHigh = -1;
    this.streamStatusChanged(channel.id, streamId, 'live');
    return { ok: true, streamId };
  }

  private async endStream(now: number): Promise<void> {
    const streamId = this.streamId;
    if (streamId === null) return;
    await endLiveStream(this.env.DB, streamId, now, this.newViews);
    await this.ctx.storage.deleteAlarm();
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
    this.stored = new Set();
    this.highestListed = -1;
    this.listedUnstored.clear();
    this.servedHigh = -1;
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

  /** Keep the newest KEEP_RECORDINGS recordings; the rest lose their R2 objects, segments and rows. */
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
      let cursor: string | undefined;
      do {
        const page = await this.env.MEDIA.list({ prefix, cursor });
        if (page.objects.length > 0) await this.env.MEDIA.delete(page.objects.map((o) => o.key));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
    }
  }
}
