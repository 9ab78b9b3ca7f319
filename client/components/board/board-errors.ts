/** The locale key that says why a board call was refused, when the server gave no words of its own. */
const KEYS: Record<string, string> = {
  BOARD_NOT_FOUND: 'board.errors.notFound',
  BOARD_COMMENT_NOT_FOUND: 'board.errors.commentNotFound',
  BOARD_NOT_AUTHOR: 'board.errors.notAuthor',
  NOT_CHANNEL_STAFF: 'board.errors.notModerator',
  BOARD_EMPTY: 'board.errors.empty',
  BOARD_SUBSCRIBERS_ONLY: 'board.errors.subscribersOnly',
  BOARD_MANAGERS_ONLY: 'board.errors.managersOnly',
  BOARD_BAD_PARENT: 'board.errors.badParent',
};

export const boardErrorKey = (code: string | null): string => (code && KEYS[code]) || 'errors.network';

/** A board call's failure words (client/data/use-mutation.ts): the server's, else the key for its refusal. */
export const BOARD_FAILURE = { fallback: (result: { code: string | null }) => boardErrorKey(result.code) };
