import { standingOf, STAFF } from '../../shared/chat-permissions';
import { chatMember } from '../../db/chat';

/**
 * Site staff are the P (police) and O (operator) members: the same standing the chat rooms give them
 * (src/shared/chat-permissions.ts), so "staff" means one thing everywhere. A blocked account is nobody's staff.
 */
export async function isStaff(db: D1Database, memberId: number): Promise<boolean> {
  const member = await chatMember(db, memberId);
  return !!member && !member.blocked && standingOf(member.role, null) === STAFF;
}
