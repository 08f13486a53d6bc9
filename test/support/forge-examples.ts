import { readdirSync, readFileSync } from 'node:fs';
import canonicalize from 'canonicalize';

const root = new URL('../../examples/forge/', import.meta.url);

/** Every example game shipped in examples/forge, by name, in file-name order. */
export const FORGE_EXAMPLES: readonly { name: string; definition: Record<string, any> }[] = readdirSync(root)
  .filter((file) => file.endsWith('.json'))
  .sort()
  .map((file) => ({
    name: file.slice(0, -'.json'.length),
    definition: JSON.parse(readFileSync(new URL(file, root), 'utf8')) as Record<string, any>,
  }));

/** A fresh copy of one example's definition. */
export function forgeExample(name: string): Record<string, any> {
  const example = FORGE_EXAMPLES.find((candidate) => candidate.name === name);
  if (!example) throw new Error(`examples/forge has no ${name}.json`);
  return structuredClone(example.definition);
}

/** A best play of each example (found by exhaustive search) and its score. */
export const BEST_PLAYS: Readonly<Record<string, { actions: string[]; score: number }>> = {
  'rope-bridge': { actions: ['step', 'hold', 'step'], score: 9 },
  'lantern-haggle': { actions: ['walk-away', 'accept'], score: 6 },
  'clockwork-vault': {
    actions: ['east', 'north', ...Array<string[]>(9).fill(['south', 'north']).flat(), 'west', 'north', 'north'],
    score: 68,
  },
};

export const canonicalBytes = (value: unknown) => new TextEncoder().encode(canonicalize(value)!).byteLength;

/**
 * A copy of `definition` whose canonical JSON is exactly `bytes` long: the description and
 * then the state labels filled with four-byte characters, the rest with ASCII.
 */
export function paddedTo(definition: Record<string, any>, bytes: number): Record<string, any> {
  const copy = structuredClone(definition);
  copy.description = '';
  for (const state of copy.states) state.label = '';
  const fields: [object: any, key: string, max: number][] = [[copy, 'description', 1000], ...copy.states.map((s: any) => [s, 'label', 80])];
  for (const [object, key, max] of fields) {
    while ([...object[key]].length < max && canonicalBytes(copy) + 4 <= bytes) object[key] += '😀';
  }
  for (const [object, key, max] of fields) {
    while ([...object[key]].length < max && canonicalBytes(copy) < bytes) object[key] += 'x';
  }
  if (canonicalBytes(copy) !== bytes) throw new Error(`could not pad the definition to ${bytes} bytes`);
  return copy;
}
