import fc from 'fast-check';
import type { Move } from './moves.ts';

/** A valid sequence: a shuffle of four each of R, P and S. */
export const sequence = fc.shuffledSubarray([...'RRRRPPPPSSSS'] as Move[], { minLength: 12, maxLength: 12 });

/** A URL-unreserved nonce of 16 to 40 characters. */
export const nonce = fc.stringMatching(/^[A-Za-z0-9._~-]{16,40}$/);
