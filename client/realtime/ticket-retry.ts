import { CHAT_RECONNECT } from '../../src/shared/chat-protocol';

// No DOM here (the unit tests run it in workerd): the page's URL and the ticket call come in as options.

export type TicketResult = { ok: true; ticket: string } | { ok: false; unauthorized: boolean };

export interface UrlProviderOptions {
  room: string;
  /** A signed-in member fetches a ticket before every connect; a guest connects without one (read only). */
  member: boolean;
  fetchTicket: (room: string) => Promise<TicketResult>;
  socketUrl: (room: string, ticket: string | null) => string;
  /** Called once when the tickets keep being refused: the session is over, stop and say so. */
  onExpired: () => void;
  signal: AbortSignal;
  wait?: (ms: number) => Promise<void>;
  retry?: { authRetryMs: number; maxAuthRetries: number };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * partysocket's URL provider (called before each connect). SPEC §4/§9: on 'Unauthorized' try again
 * after 3 s with a fresh ticket; after more than 10 retries give up with the session-expired message.
 * Other failures throw, which partysocket treats as a socket error: it backs off (500 ms .. 5 s) and
 * calls us again, and the panel only shows that it is reconnecting.
 */
export function chatUrlProvider(options: UrlProviderOptions): () => Promise<string> {
  const { room, member, signal, onExpired, fetchTicket, socketUrl } = options;
  const wait = options.wait ?? sleep;
  const { authRetryMs, maxAuthRetries } = options.retry ?? CHAT_RECONNECT;
  let refused = 0;
  return async () => {
    if (!member) return socketUrl(room, null);
    for (;;) {
      if (signal.aborted) throw new Error('closed');
      const result = await fetchTicket(room);
      if (signal.aborted) throw new Error('closed');
      if (result.ok) {
        refused = 0;
        return socketUrl(room, result.ticket);
      }
      if (!result.unauthorized) throw new Error('ticket unavailable');
      refused += 1;
      if (refused > maxAuthRetries) {
        onExpired();
        throw new Error('Unauthorized');
      }
      await wait(authRetryMs);
    }
  };
}
