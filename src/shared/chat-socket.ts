// What opens a chat socket, without zod: the chat's early join (client/realtime/chat-boot.ts) runs from the player's
// boot chunk, before main.js and the chat's own code, and imports this; the document's boot script names the room
// with CHAT_BOOT_ATTRIBUTE (src/render/document.tsx). docs/architecture.md, Contracts, "The chat".

/** The socket path of a room (the brand's chat host is the page's own host). */
export const chatSocketPath = (room: string) => `/chat/${room}`;

/** On the document's boot script, on a page whose video starts before hydration: JSON of ChatBootData. */
export const CHAT_BOOT_ATTRIBUTE = 'data-chat';

/** The room the page's chat joins, as the chat itself would join it on its first render (ChannelPage.tsx). */
export interface ChatBootData {
  room: string;
  /** Signed in: a member's ticket; otherwise a guest's (read only). */
  member: boolean;
  /** The stream the join names (the live on the page). */
  streamId: number | null;
}
