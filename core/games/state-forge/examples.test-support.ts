/** Test support: the example games of examples/forge, parsed, with their best known plays. */
import { readdirSync, readFileSync } from 'node:fs';

const FOLDER = new URL('../../../examples/forge/', import.meta.url);

/** Every example definition, by file name, as JSON.parse returns it. */
export const EXAMPLES: readonly { file: string; json: unknown }[] = readdirSync(FOLDER)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((file) => ({ file, json: JSON.parse(readFileSync(new URL(file, FOLDER), 'utf8')) as unknown }));

/** A best play of each example (found by exhaustive search) and its score. */
export const BEST_PLAYS: Readonly<Record<string, { actions: string[]; score: number }>> = {
  'rope-bridge.json': { actions: ['step', 'hold', 'step'], score: 9 },
  'lantern-haggle.json': { actions: ['walk-away', 'accept'], score: 6 },
  'clockwork-vault.json': {
    actions: ['east', 'north', ...Array<string[]>(9).fill(['south', 'north']).flat(), 'west', 'north', 'north'],
    score: 68,
  },
};
