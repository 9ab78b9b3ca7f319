// The inbox domain's public face: the per-member object the Worker exports, the stub the edge hands a
// page's socket to (src/proxy/inbox-socket.ts), and how the API tells a member's open pages that
// something changed for them (src/api/services/messages.ts).
import type { InboxFrame } from '../shared/message-schemas';
export { MemberInbox, INBOX_PING, INBOX_PONG } from './inbox-do';

export const inboxStub = (env: Env, memberId: number) => env.MEMBER_INBOX.get(env.MEMBER_INBOX.idFromName(`member:${memberId}`));

/** Tell a member's open pages; a failure is logged, never the caller's: D1 already holds what happened. */
export async function notifyMember(env: Env, memberId: number, frame: InboxFrame): Promise<void> {
  try {
    await inboxStub(env, memberId).notify(frame);
  } catch (error) {
    console.error('inbox notify failed', memberId, error);
  }
}
