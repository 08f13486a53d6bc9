/**
 * How long a connection is kept after an answer given before its request's body was all read (a
 * 413, say), before it is closed. Closed at once, with the client still sending, the connection
 * is reset, and most clients then report the reset rather than the answer they had already
 * received. Node reads and discards the rest of the body meanwhile, and closes sooner once the
 * body ends; Deno waits out the whole time. (Bun cannot close later than at once: see its adapter.)
 */
export const LINGER_MS = 500;
