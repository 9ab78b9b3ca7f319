import { DurableObject } from 'cloudflare:workers';
import type { InboxFrame } from '../shared/message-schemas';

/** The page's keep-alive; answered by the runtime without waking the object. */
export const INBOX_PING = 'ping';
export const INBOX_PONG = 'pong';
/** How many of one member's pages may listen at once (tabs, devices); the oldest goes first. */
const MAX_SOCKETS = 20;

/**
 * One object per member ("member:<id>"): the open pages of that member listen here, and the API tells it
 * after a D1 write that concerns them (a message arrived, the unread count changed, the block list or the
 * settings changed). It holds no data: what it says is a nudge with the count, D1 stays the truth.
 * WebSocket Hibernation API: an idle member's sockets cost nothing.
 */
export class MemberInbox extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair(INBOX_PING, INBOX_PONG));
  }

  /** The edge checked the ticket; this only accepts the socket. */
  override async fetch(request: Request): Promise<Response> {
    if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') return new Response('upgrade required', { status: 426 });
    const open = this.ctx.getWebSockets();
    for (const old of open.slice(0, Math.max(0, open.length - MAX_SOCKETS + 1))) old.close(4000, 'too many pages');
    const pair = new WebSocketPair();
    this.ctx.acceptWebSocket(pair[1]);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** Tell every open page of this member; answers how many were told. */
  async notify(frame: InboxFrame): Promise<number> {
    const text = JSON.stringify(frame);
    let told = 0;
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(text);
        told += 1;
      } catch {
        // a socket closing under us: its page reconnects and asks afresh
      }
    }
    return told;
  }

  // Pages only listen; anything they send but the ping is ignored.
  override async webSocketMessage(): Promise<void> {}

  override async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code, reason);
    } catch {
      // already closed
    }
  }
}
