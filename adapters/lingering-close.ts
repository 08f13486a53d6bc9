/**
 * How long a connection is kept after an answer given before its request's body was all read (a
 * 413, say), before it is closed. Closed at once, with the client still sending, the connection
 * is reset, and most clients then report the reset rather than the answer they had already
 * received. Node reads and discards the rest of the body meanwhile, and closes sooner once the
 * body ends or `LINGER_BYTES` have been discarded; Deno waits out the whole time. (Bun cannot
 * close later than at once: see its adapter.)
 */
export const LINGER_MS = 500;

/**
 * The most of a refused body Node reads and discards before it closes the connection: enough for
 * what a client has in flight when the answer reaches it (a loaded machine's client had sent
 * 2.4 MB past the limit before it read its 413), far less than what a fast client could send in
 * `LINGER_MS`, so a refused body still costs little more than the limit it broke.
 */
export const LINGER_BYTES = 1 << 22;
