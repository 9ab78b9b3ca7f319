// The channel board (docs/product/community.md, "Channel board"): its categories, who may write, where search looks and its limits. No zod
// here: the client imports it (the request and answer shapes are in board-schemas.ts).

export const BOARD_CATEGORIES = ['free', 'fanart', 'question', 'review'] as const;
export type BoardCategory = (typeof BOARD_CATEGORIES)[number];

/** Who may post on a channel's board; its creator and managers always may. */
export const BOARD_WRITE_PERMISSIONS = ['everyone', 'subscribers', 'managers'] as const;
export type BoardWritePermission = (typeof BOARD_WRITE_PERMISSIONS)[number];
export const DEFAULT_BOARD_WRITE_PERMISSION: BoardWritePermission = 'everyone';

/** Where board-list's search words are looked for (the `filter` parameter). */
export const BOARD_SEARCH_SCOPES = ['all', 'title', 'content', 'author'] as const;
export type BoardSearchScope = (typeof BOARD_SEARCH_SCOPES)[number];

export const BOARD_LIMITS = {
  title: 100,
  body: 20_000,
  comment: 1000,
  search: 50,
  /** Images a post carries (each held to the upload module's image limits). */
  images: 4,
  /** board-list's page (as the stream lists': 20). */
  pageSize: 20,
  /** Top-level comments per page of board-comment. */
  commentPage: 20,
  /** Replies answered with each comment; more are read with board-comment?commentId. */
  repliesShown: 50,
  /** Members board-like-User lists, newest first. */
  likeUsers: 20,
  /** Posts find-new-board lists. */
  newPosts: 10,
} as const;

/** A member who has never opened a board sees the posts of the last day as new. */
export const NEW_BOARD_WINDOW_MS = 86_400_000;
