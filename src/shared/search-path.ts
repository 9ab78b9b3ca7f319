// The results page's path alone: the header's box (every page's first load) imports this and nothing else of
// search, so the rest of src/shared/search.ts stays in the chunks that use it.

/** The results page; its query is ?q=<words>&tab=<kind>, a URL anyone may share. */
export const SEARCH_PATH = '/search';
