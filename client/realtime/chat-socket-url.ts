import { chatSocketPath } from '../../src/shared/chat-socket';

// Apart from chat-url.ts (the ticket call, through data/api.ts in main.js): the chat's early join (chat-boot.ts) builds
// its socket's URL with this too, from a chunk that must not import main.js.

/** The socket on the page's own host (ws: or wss: like the page), with its ticket. */
export function chatSocketUrl(room: string, ticket: string | null, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${chatSocketPath(room)}${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ''}`;
}
