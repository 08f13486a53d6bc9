type Json = Record<string, unknown>;

const MAX_OUTLINE_CHARACTERS = 1200;

/**
 * A compact account of a JSON answer for a model to read first: its scalar members, the size of
 * each list, and one level of nested objects, cut at about 1,200 characters.
 */
export function outline(answer: Json): string {
  const text = members(answer, 2);
  return text.length <= MAX_OUTLINE_CHARACTERS ? text : `${text.slice(0, MAX_OUTLINE_CHARACTERS - 1)}…`;
}

function members(object: Json, depth: number): string {
  return Object.entries(object)
    .map(([name, value]) => `${name}: ${valueOf(value, depth - 1)}`)
    .join('; ');
}

function valueOf(value: unknown, depth: number): string {
  if (Array.isArray(value)) return `[${value.length} item${value.length === 1 ? '' : 's'}]`;
  if (typeof value === 'string') return value.length > 80 ? `${JSON.stringify(value.slice(0, 40))}… (${value.length} characters)` : JSON.stringify(value);
  if (typeof value !== 'object' || value === null) return String(value);
  return depth > 0 ? `{ ${members(value as Json, depth)} }` : '{…}';
}
