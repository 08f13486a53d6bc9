import { readFileSync } from 'node:fs';
import canonicalize from 'canonicalize';

const root = new URL('../../examples/forge/', import.meta.url);

/** The example games shipped in examples/forge. */
export const FORGE_EXAMPLES = ['rope-bridge', 'lantern-haggle', 'clockwork-vault'].map((name) => ({
  name,
  definition: JSON.parse(readFileSync(new URL(`${name}.json`, root), 'utf8')) as Record<string, any>,
}));

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
