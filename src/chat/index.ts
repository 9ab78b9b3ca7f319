// The chat domain's public face: the room object the Worker exports, what the edge needs to hand a socket
// to its shard (src/proxy/chat-socket.ts), and how the API and the live objects tell a room about
// something that happened outside it. Nothing outside src/chat imports past this file.
export { ChatRoom, SHARD_HEADERS } from './room-do';
export { hubStub, shardStub } from './shards';
export { chatIsManager, chatMayWrite, chatReplay, publishChatEvent } from './publish';
export type { Identity } from './authority';
