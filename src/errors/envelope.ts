// Reading Sentry envelopes (https://develop.sentry.dev/sdk/envelopes/): newline-separated JSON, an envelope
// header, then for each item an item header and its payload. The browser SDK sends JSON items one line
// each (event, client_report, session); only 'event' items become reports, the others are skipped.
import type { ErrorReport } from '../db/error-reports';
import { isNoiseError } from '../shared/error-noise';

const MAX_ITEMS = 20;
const MAX_FRAMES = 50;
const MAX_STACK = 8_000;
const MAX_TEXT = 1_000;

interface SentryFrame {
  filename?: string;
  function?: string;
  lineno?: number;
  colno?: number;
}
interface SentryEvent {
  event_id?: string;
  timestamp?: number | string;
  release?: string;
  environment?: string;
  tags?: Record<string, unknown>;
  request?: { url?: string; headers?: Record<string, string> };
  message?: string | { formatted?: string; message?: string };
  exception?: { values?: { type?: string; value?: string; stacktrace?: { frames?: SentryFrame[] } }[] };
}

const text = (value: unknown, max = MAX_TEXT): string | null => (typeof value === 'string' && value !== '' ? value.slice(0, max) : null);

function parseLine(line: string | undefined): Record<string, unknown> | null {
  if (!line) return null;
  try {
    const value = JSON.parse(line) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Frames as a JavaScript stack reads, innermost first (Sentry lists them outermost first). */
function stackOf(frames: SentryFrame[] | undefined): string | null {
  if (!frames?.length) return null;
  const lines = frames
    .slice(-MAX_FRAMES)
    .reverse()
    .map((f) => `    at ${f.function || '<anonymous>'} (${f.filename ?? '?'}:${f.lineno ?? '?'}:${f.colno ?? '?'})`);
  return lines.join('\n').slice(0, MAX_STACK);
}

function timestampOf(value: unknown, now: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.round(value * 1000);
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return Date.parse(value);
  return now;
}

/** One event payload as a report, or null when it is noise (src/shared/error-noise.ts) or says nothing. */
export function reportOfEvent(event: SentryEvent, userAgent: string | null, now = Date.now()): ErrorReport | null {
  const exception = event.exception?.values?.at(-1);
  const message = text(exception?.value) ?? text(typeof event.message === 'string' ? event.message : (event.message?.formatted ?? event.message?.message));
  const type = text(exception?.type, 200);
  if (!message && !type) return null;
  if (isNoiseError(type, message)) return null;
  return {
    at: timestampOf(event.timestamp, now),
    source: 'browser',
    release: text(event.release, 200),
    environment: text(event.environment, 50),
    brand: text(event.tags?.brand, 50),
    page: text(event.tags?.page, 100) ?? text(event.request?.url, 500),
    type,
    message: message ?? type!,
    stack: stackOf(exception?.stacktrace?.frames),
    userAgent: text(event.request?.headers?.['User-Agent'], 500) ?? userAgent,
    eventId: text(event.event_id, 64),
  };
}

/** The reports in an envelope's event items; anything unreadable is skipped, never thrown. */
export function reportsOfEnvelope(body: string, userAgent: string | null, now = Date.now()): ErrorReport[] {
  const lines = body.split('\n');
  if (!parseLine(lines[0])) return [];
  const reports: ErrorReport[] = [];
  for (let i = 1, items = 0; i < lines.length && items < MAX_ITEMS; i += 2, items++) {
    const header = parseLine(lines[i]);
    if (!header) break;
    if (header.type !== 'event') continue;
    const payload = parseLine(lines[i + 1]);
    const report = payload && reportOfEvent(payload as SentryEvent, userAgent, now);
    if (report) reports.push(report);
  }
  return reports;
}
