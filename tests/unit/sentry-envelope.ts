// A Sentry envelope for the collector's tests (unit and worker).

/** An envelope as @sentry/browser sends it: envelope header, then item header and payload, one line each. */
export function envelopeOf(events: Record<string, unknown>[], extra: string[] = []): string {
  const lines = [JSON.stringify({ event_id: 'e0', sent_at: new Date().toISOString(), sdk: { name: 'sentry.javascript.browser', version: '11' } })];
  for (const event of events) lines.push(JSON.stringify({ type: 'event' }), JSON.stringify(event));
  return [...lines, ...extra].join('\n');
}
