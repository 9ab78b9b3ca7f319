import { chatSocketPath, type ChatTicketResponse } from '../../src/shared/chat-protocol';
import { apiFetch } from '../data/api';
import type { TicketResult } from './ticket-retry';

/** The socket on the page's own host (ws: or wss: like the page), with a ticket for a member. */
export function chatSocketUrl(room: string, ticket: string | null, location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${chatSocketPath(room)}${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ''}`;
}

/**
 * POST /api/chat/ticket. A browser cannot read the status of a refused upgrade, so the ticket call's
 * 401 is the client's 'Unauthorized' (SPEC §8); anything else that fails is an ordinary socket error.
 */
export async function fetchChatTicket(room: string): Promise<TicketResult> {
  try {
    const res = await apiFetch('/api/chat/ticket', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ room }) });
    if (res.status === 401) return { ok: false, unauthorized: true };
    if (!res.ok) return { ok: false, unauthorized: false };
    const body = (await res.json().catch(() => null)) as ChatTicketResponse | null;
    return body?.ticket ? { ok: true, ticket: body.ticket } : { ok: false, unauthorized: false };
  } catch {
    return { ok: false, unauthorized: false };
  }
}
