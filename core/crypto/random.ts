/** A uniform integer in [0, bound) from a random byte source, without modulo bias. */
export function randomIndex(randomBytes: (length: number) => Uint8Array, bound: number): number {
  if (!Number.isInteger(bound) || bound < 1 || bound > 256) throw new RangeError('bound must be 1 to 256');
  const limit = 256 - (256 % bound);
  for (;;) {
    const byte = randomBytes(1)[0]!;
    if (byte < limit) return byte % bound;
  }
}

/** A random identifier: `length` bytes as base64url-safe hex. */
export function randomId(randomBytes: (length: number) => Uint8Array, length = 16): string {
  return [...randomBytes(length)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}
