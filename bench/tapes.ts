import { DIRECTIONS, MAX_ACTIONS, type Direction } from '../core/games/packet-run/actions.ts';
import { seededRandom } from '../test/support/fixtures/seeded-random.ts';

/**
 * A fixed pool of pseudo-random Packet Run tapes, 1 to MAX_ACTIONS letters each. Seeded, so
 * every run scores exactly the same tapes; large enough that no single tape is all the JIT sees.
 */
export function tapePool(size = 1024, seed = 0x5eed): Direction[][] {
  const random = seededRandom(seed);
  const pick = (count: number) => Math.floor(random() * count);
  return Array.from({ length: size }, () => Array.from({ length: 1 + pick(MAX_ACTIONS) }, () => DIRECTIONS[pick(DIRECTIONS.length)]!));
}
