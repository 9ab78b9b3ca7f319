import type { ChatLineFrame } from '../realtime/chat-state';
import { call } from './api';

// The room's own frames, as it sent them live: the contract types only their type and time.
const framesOf = (lines: unknown[]) => lines as ChatLineFrame[];

/**
 * The lines said in [from, until) (at most `limit`), and where to go on from when the stretch had more (null: it is all
 * there); null when refused.
 */
export async function chatStretch(streamId: number, from: number, until: number, token: string | null, limit?: number): Promise<{ lines: ChatLineFrame[]; next: number | null } | null> {
  const result = await call('GET', '/api/streams/:id/chat-replay', { param: { id: streamId }, query: { from, until, ...(limit ? { limit } : {}), ...(token ? { token } : {}) } });
  return result.ok && result.body ? { lines: framesOf(result.body.lines), next: result.body.next } : null;
}

/** The last `last` lines said before `until`: what the replay shows at that moment; null when refused. */
export async function chatBefore(streamId: number, until: number, last: number, token: string | null): Promise<ChatLineFrame[] | null> {
  const result = await call('GET', '/api/streams/:id/chat-replay', { param: { id: streamId }, query: { until, last, ...(token ? { token } : {}) } });
  return result.ok && result.body ? framesOf(result.body.lines) : null;
}
