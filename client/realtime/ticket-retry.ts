import { CHAT_RECONNECT, type ChatAccessRefusal } from '../../src/shared/chat-protocol';

// No DOM here (the unit tests run it in workerd): the page's URL and the ticket call come in as options.

export type TicketResult =
  | { ok: true; ticket: string }
  /** unauthorized: the member's ticket call said 401 ('Unauthorized'); otherwise any other failure. */
  | { ok: false; unauthorized: boolean }
  /** The room will not take this viewer (they may not watch the channel): final until what they hold changes. */
  | { ok: false; refused: ChatAccessRefusal };

export interface UrlProviderOptions {
  room: string;
  /**
   * A ticket before every connect: a member's, or a guest's (read only). Guests ask too, because a
   * restricted room (adult-only, a password-protected live) refuses them, and only the ticket call,
   * not a refused upgrade, tells the page why.
   */
  fetchTicket: (room: string) => Promise<TicketResult>;
  socketUrl: (room: string, ticket: string) => string;
  /** Called once when the tickets keep being refused: the session is over, stop and say so. */
  onExpired: () => void;
  /** Called once when the room refuses this viewer: stop and say why (no retrying: it would only refuse again). */
  onRefused: (reason: ChatAccessRefusal) => void;
  signal: AbortSignal;
  wait?: (ms: number) => Promise<void>;
  retry?: { authRetryMs: number; maxAuthRetries: number };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * partysocket's URL provider (called before each connect). On 'Unauthorized' try again
 * after 3 s with a fresh ticket; after more than 10 retries give up with the session-expired message.
 * An access refusal stops at once. Other failures throw, which partysocket treats as a socket error:
 * it backs off (500 ms .. 5 s) and calls us again, and the panel only shows that it is reconnecting.
 */
export function chatUrlProvider(options: UrlProviderOptions): () => Promise<string> {
  const { room, signal, onExpired, onRefused, fetchTicket, socketUrl } = options;
  const wait = options.wait ?? sleep;
  const { authRetryMs, maxAuthRetries } = options.retry ?? CHAT_RECONNECT;
  let unauthorized = 0;
  return async () => {
    for (;;) {
      if (signal.aborted) throw new Error('closed');
      const result = await fetchTicket(room);
      if (signal.aborted) throw new Error('closed');
      if (result.ok) {
        unauthorized = 0;
        return socketUrl(room, result.ticket);
      }
      if ('refused' in result) {
        onRefused(result.refused);
        throw new Error('Refused');
      }
      if (!result.unauthorized) throw new Error('ticket unavailable');
      unauthorized += 1;
      if (unauthorized > maxAuthRetries) {
        onExpired();
        throw new Error('Unauthorized');
      }
      await wait(authRetryMs);
    }
  };
}
