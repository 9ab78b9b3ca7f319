import type { EarlySocket } from './chat-boot';

// The early join's socket (chat-boot.ts) as partysocket sees a socket it opened itself: partysocket keeps its own
// timers and reconnects, so the socket the page opened beside its video is simply its first connect.

/** A copy of a socket's event that can be dispatched again (the original may still be dispatching). */
function copyOf(event: Event): Event {
  if (event.type === 'message') return new MessageEvent('message', { data: (event as MessageEvent).data });
  if (event.type === 'close') {
    const { code, reason, wasClean } = event as CloseEvent;
    return new CloseEvent('close', { code, reason, wasClean });
  }
  return new Event(event.type);
}

class AdoptedSocket extends EventTarget {
  constructor(
    private readonly early: EarlySocket,
    onAdopt: (joined: boolean) => void,
  ) {
    super();
    // partysocket adds its listeners right after constructing its socket, in the same task: what the socket said
    // before (its open, the room's first frames, maybe its close) reaches them just after, in order, then the rest.
    queueMicrotask(() => {
      onAdopt(early.joined);
      early.handOver((event) => this.dispatchEvent(copyOf(event)));
    });
  }
  get readyState(): number {
    return this.early.socket.readyState;
  }
  get binaryType(): BinaryType {
    return this.early.socket.binaryType;
  }
  set binaryType(value: BinaryType) {
    this.early.socket.binaryType = value;
  }
  get bufferedAmount(): number {
    return this.early.socket.bufferedAmount;
  }
  get extensions(): string {
    return this.early.socket.extensions;
  }
  get protocol(): string {
    return this.early.socket.protocol;
  }
  get url(): string {
    return this.early.socket.url;
  }
  send(data: string): void {
    this.early.socket.send(data);
  }
  close(code?: number, reason?: string): void {
    this.early.socket.close(code, reason);
  }
}

/**
 * partysocket's `WebSocket` option: a socket opened at the URL `take()` hands back with an early socket is that
 * socket (`onAdopt` is told, before its first event, whether its join went out); any other is a new WebSocket.
 */
export function adoptingWebSocket(take: () => EarlySocket | null, onAdopt: (joined: boolean) => void): typeof WebSocket {
  function ChatWebSocket(url: string, protocols?: string | string[]) {
    const early = take();
    if (early && early.url === url) return new AdoptedSocket(early, onAdopt);
    return protocols ? new WebSocket(url, protocols) : new WebSocket(url);
  }
  return ChatWebSocket as unknown as typeof WebSocket;
}
