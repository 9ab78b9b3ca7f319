import type { ChatLineFrame } from '../realtime/chat-state';
import { call } from './api';

/** A stretch of a recording's chat, every page of it (a busy stretch answers `next` to go on from); null when refused. */
export async function loadChatStretch(streamId: number, from: number, until: number, token: string | null): Promise<ChatLineFrame[] | null> {
  const lines: ChatLineFrame[] = [];
  let start = from;
  // At most ten pages: ten thousand lines in a minute is more than a reader can follow anyway.
  for (let page = 0; page < 10 && start < until; page++) {
    const result = await call('GET', '/api/streams/:id/chat-replay', { param: { id: streamId }, query: { from: start, until, ...(token ? { token } : {}) } });
    if (!result.ok || !result.body) return page === 0 ? null : lines;
    // The room's own frames, as it sent them live (the contract types only their type and time).
    lines.push(...(result.body.lines as unknown as ChatLineFrame[]));
    if (result.body.next === null) break;
    start = result.body.next;
  }
  return lines;
}
