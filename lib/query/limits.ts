/** Page sizes of a query request (DESIGN §7), read by the server's parser and the browser's queries alike. */
export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;
