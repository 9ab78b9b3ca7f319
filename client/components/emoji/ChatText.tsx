import { splitEmoji, type ChatEmoji } from '../../../src/shared/emoji';

/** A chat message's words, with the emoji the room resolved drawn as images (their :code: as text to screen readers). */
export function ChatText({ text, emoji }: { text: string; emoji?: readonly ChatEmoji[] }) {
  const parts = splitEmoji(text, emoji);
  return (
    <span className="chat-text">
      {parts.map((part, i) =>
        'code' in part ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text, in order
          <img key={i} className="chat-emoji" src={part.url} alt={`:${part.code}:`} title={`:${part.code}:`} width={28} height={28} loading="lazy" decoding="async" />
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text, in order
          <span key={i}>{part.text}</span>
        ),
      )}
    </span>
  );
}
