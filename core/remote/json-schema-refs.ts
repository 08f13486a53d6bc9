export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

const COMPONENTS = '#/components/schemas/';
const DEFINITIONS = '#/$defs/';

/**
 * `schema` as a document of its own: each OpenAPI component it refers to (at any depth, through
 * one another too) copied under its `$defs`, and every reference pointed there.
 */
export function withDefinitions(schema: JsonObject, components: Record<string, Json>): JsonObject {
  const needed = new Set<string>();
  const pending = [...referencedNames(schema)];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (needed.has(name)) continue;
    if (!(name in components)) throw new Error(`no component ${name}`);
    needed.add(name);
    pending.push(...referencedNames(components[name]!));
  }
  const rooted = repointed(schema) as JsonObject;
  if (needed.size === 0) return rooted;
  const $defs = Object.fromEntries([...needed].sort().map((name) => [name, repointed(components[name]!)]));
  return { ...rooted, $defs };
}

function referencedNames(node: Json): string[] {
  if (Array.isArray(node)) return node.flatMap(referencedNames);
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENTS) ? [value.slice(COMPONENTS.length).split('/')[0]!] : referencedNames(value),
  );
}

function repointed(node: Json): Json {
  if (Array.isArray(node)) return node.map(repointed);
  if (typeof node !== 'object' || node === null) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' ? value.replace(COMPONENTS, DEFINITIONS) : repointed(value)]),
  );
}
