/**
 * How long a connection is kept after an answer given before its request's body was all read (a
 * 413, say), before it is closed. Closed at once, with the client still sending, the connection
 * is reset, and most clients then report the reset rather than the answer they had already
 * received. Meanwhile the rest of the body is read and discarded (or left unread, where the
 * runtime will not discard it); a body that ends sooner ends the wait.
 */
export const LINGER_MS = 500;
