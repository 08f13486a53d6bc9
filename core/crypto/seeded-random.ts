import { sha256 } from '@noble/hashes/sha2.js';

/**
 * A deterministic byte stream from a seed: SHA-256(seed || counter) blocks. Every runtime
 * and every instance draws the same bytes from the same seed.
 */
export function seededBytes(seed: Uint8Array): (length: number) => Uint8Array {
  let counter = 0;
  let block = new Uint8Array(0);
  let offset = 0;
  return (length) => {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) {
      if (offset === block.length) {
        const input = new Uint8Array(seed.length + 4);
        input.set(seed);
        new DataView(input.buffer).setUint32(seed.length, counter++);
        block = sha256(input);
        offset = 0;
      }
      out[i] = block[offset++]!;
    }
    return out;
  };
}
