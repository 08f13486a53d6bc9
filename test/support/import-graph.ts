import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { sourcesUnder } from './runtime-leaks.ts';

/** Each file (relative to `root`'s parent, e.g. `core/http/route.ts`) and the files it imports, types included. */
export type ImportGraph = Map<string, string[]>;

/** The relative specifiers a source imports or re-exports: `import type` and dynamic `import()` included. */
export function relativeImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  return [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((match) => match[1]!);
}

/** The import graph of the sources under `folder` (tests left out), with every edge, even to files outside it. */
export async function importGraph(repository: string, folder: string): Promise<ImportGraph> {
  const graph: ImportGraph = new Map();
  for (const file of await sourcesUnder(resolve(repository, folder))) {
    const imports = relativeImports(await readFile(file, 'utf8')).map((specifier) => relative(repository, resolve(dirname(file), specifier)));
    graph.set(relative(repository, file), [...new Set(imports)]);
  }
  return graph;
}

/** Every import cycle, each as the files around it in order (Tarjan's strongly connected components). */
export function importCycles(graph: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!graph.has(target)) continue;
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file)!, index.get(target)!));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) cycles.push(component.reverse());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return cycles;
}

/** The imports of files under `from` that reach into any folder `forbidden` accepts, as `importer -> imported`. */
export function importsInto(graph: ImportGraph, from: string, forbidden: (file: string) => boolean): string[] {
  const found: string[] = [];
  for (const [file, imports] of graph) {
    if (!file.startsWith(from)) continue;
    for (const target of imports) if (forbidden(target)) found.push(`${file} -> ${target}`);
  }
  return found;
}
