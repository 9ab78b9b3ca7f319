// A demo member's own socket in a chat room, for the benches that drive a room from Node (bench:chat,
// bench:chat-page): the ticket the site's chat asks for (POST /api/chat/ticket, signed in through the proxy),
// then the socket with that ticket, joined.
import { WebSocket } from 'ws';
import { signedIn } from './signed-in.mjs';

/** A chat ticket for a demo member (every demo account has the demo password). */
export async function chatTicket(origin, loginId, room) {
  const member = await signedIn(origin, loginId, 'demo-pass-1234', { sendOrigin: true });
  const res = await member.post('/api/chat/ticket', { room });
  if (!res.ok) throw new Error(`ticket for ${loginId} answered ${res.status}: ${await res.text()}`);
  return (await res.json()).ticket;
}

/** The room's socket URL; with a ticket, a member's. */
export function roomUrl(origin, room, ticket) {
  return `${origin.replace('http', 'ws')}/chat/${room}${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ''}`;
}

/**
 * Opens a socket to `url`, joins `room` and resolves with it once the room says joined (30 s at most).
 * Each message the room sends is handed to `onLines` as its frames, one per line (parseServerFrames in the protocol).
 */
export function joinRoom(url, origin, room, onLines = () => {}) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { origin, perMessageDeflate: false });
    const timer = setTimeout(() => reject(new Error('join timed out')), 30_000);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'join', room, streamId: null, source: 'web' })));
    ws.on('error', (err) => reject(err));
    ws.on('message', (data) => {
      const lines = data.toString().split('\n');
      if (lines.some((line) => line.includes('"status":"joined"'))) {
        clearTimeout(timer);
        resolve(ws);
      }
      onLines(lines);
    });
  });
}
