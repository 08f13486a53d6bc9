import type * as v from 'valibot';

/** A valibot schema or pipe item, seen as the plain object it is. */
type Node = { readonly kind: string; readonly type: string; readonly [key: string]: unknown };

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && 'kind' in value && (value as Node).kind === 'schema';

/**
 * The part of a schema that constrains what a client sends: every pipe, at every depth, cut
 * before its first transformation, since what follows checks the transformed value.
 *
 * to-json-schema's own `typeMode: 'input'` also stops a pipe at its second schema, which
 * would drop every rule of `v.pipe(v.string(message), boundedText(n))`; hence this view.
 */
export function inputView(schema: v.GenericSchema): v.GenericSchema {
  return view(schema as unknown as Node) as unknown as v.GenericSchema;
}

function view(schema: Node): Node {
  if (Array.isArray(schema.pipe)) {
    const kept: Node[] = [];
    for (const item of flatten(schema.pipe as Node[])) {
      if (item.kind === 'transformation') break;
      kept.push(item.kind === 'schema' ? viewChildren(item) : item);
    }
    return { ...schema, pipe: kept };
  }
  return viewChildren(schema);
}

/** The schema with its nested schemas (entries, item, wrapped, options, rest, …) viewed too. */
function viewChildren(schema: Node): Node {
  const copy: Record<string, unknown> = { ...schema };
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'pipe') continue;
    if (isNode(value)) copy[key] = view(value);
    else if (Array.isArray(value) && value.length > 0 && value.every(isNode)) copy[key] = value.map(view);
    else if (key === 'entries' && typeof value === 'object' && value !== null) {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, entry]) => [name, isNode(entry) ? view(entry) : entry]));
    }
  }
  return copy as Node;
}

/** A pipe with nested pipes spread in place, as to-json-schema reads it. */
function flatten(pipe: readonly Node[]): Node[] {
  return pipe.flatMap((item) => (Array.isArray(item.pipe) ? flatten(item.pipe as Node[]) : [item]));
}
