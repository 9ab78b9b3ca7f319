import { DurableObject } from 'cloudflare:workers';

/**
 * The floor under bench:chat: a Durable Object that accepts hibernatable sockets and, on GET /blast?n=,
 * sends n small frames to every one of them, round by round, doing nothing else. How fast they arrive
 * is the most any chat room in this runtime, on this machine, could send.
 */
export class SendCeiling extends DurableObject {
  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/blast') {
      const n = Number(url.searchParams.get('n') ?? 100);
      const sockets = this.ctx.getWebSockets();
      for (let i = 0; i < n; i++) {
        const frame = JSON.stringify({ type: 'message', id: i, at: Date.now(), text: `c${i}` });
        for (const ws of sockets) ws.send(frame);
        // Let the runtime write this round out before the next, as a room's messages arrive one by one
        // (sent in one go, frames for the same socket would share writes and flatter the figure).
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
      return Response.json({ sockets: sockets.length });
    }
    const { 0: client, 1: server } = new WebSocketPair();
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }
}

export default {
  fetch(request: Request, env: { ROOM: DurableObjectNamespace<SendCeiling> }) {
    return env.ROOM.get(env.ROOM.idFromName('ceiling')).fetch(request);
  },
};
