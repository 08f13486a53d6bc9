import fc from 'fast-check';
import type { Move } from '../../../core/games/triad-duel/moves.ts';

/** A valid sequence: a shuffle of four each of R, P and S. */
export const sequence = fc.shuffledSubarray([...'RRRRPPPPSSSS'] as Move[], { minLength: 12, maxLength: 12 });

/** A nonce of 16 to 40 printable ASCII characters, punctuation included. */
export const nonce = fc.stringMatching(/^[\x21-\x7e]{16,40}$/);
