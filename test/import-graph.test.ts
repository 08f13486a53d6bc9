import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles, importGraph, importsInto, relativeImports, type ImportGraph } from './support/import-graph.ts';

const repository = fileURLToPath(new URL('..', import.meta.url));
/** What tests and bench both use: stores, records, tapes, seeded randomness. */
const FIXTURES = 'test/support/fixtures/';

/**
 * Mechanisms every surface shares: they may import one another, never a surface. A surface
 * (league, social, rules, arrival, agents, games, status, discovery, pages, remote) is a folder of
 * core/ not named here.
 */
const SHARED_CORE = ['core/http/', 'core/crypto/', 'core/schema/', 'core/store/', 'core/time/', 'core/evidence/', 'core/context.ts', 'core/instance-memory.ts'];
const isCoreSurface = (file: string) => file.startsWith('core/') && !SHARED_CORE.some((shared) => file.startsWith(shared));

describe('the import graphs of core/, storage/, adapters/, cli/ and bench/', () => {
  it('core/ has no import cycle, type imports included', async () => {
    expect(importCycles(await importGraph(repository, 'core'))).toEqual([]);
  });

  it('storage/ has no import cycle', async () => {
    expect(importCycles(await importGraph(repository, 'storage'))).toEqual([]);
  });

  it('core/http/ imports no surface', async () => {
    expect(importsInto(await importGraph(repository, 'core'), 'core/http/', isCoreSurface)).toEqual([]);
  });

  it('bench/ imports nothing from the tests but the fixtures both use (test/support/fixtures/)', async () => {
    const graph = await importGraph(repository, 'bench');
    expect(graph.size).toBeGreaterThan(10);
    expect(importsInto(graph, 'bench/', (file) => file.startsWith('test/') && !file.startsWith(FIXTURES))).toEqual([]);
  });

  it('test/support/fixtures/ imports no test runner and nothing else of the tests, so bench runs it without one', async () => {
    const graph = await importGraph(repository, FIXTURES);
    expect(graph.size).toBeGreaterThan(5);
    expect(importsInto(graph, FIXTURES, (file) => file.startsWith('test/') && !file.startsWith(FIXTURES))).toEqual([]);
    for (const file of graph.keys()) expect(await readFile(`${repository}${file}`, 'utf8'), file).not.toMatch(/from ['"]vitest['"]/);
  });

  it('core/ holds no test support: it is all in test/support/', async () => {
    const core = await readdir(`${repository}core`, { recursive: true });
    expect(core.filter((file) => /\.test-support\.ts$|(^|\/)(fixtures|support)\//.test(file))).toEqual([]);
  });

  it('adapters/ hold runtime adapters only: neither the client nor the command is among them, nor imported by them', async () => {
    const graph = await importGraph(repository, 'adapters');
    expect([...graph.keys()].filter((file) => /^adapters\/(cli|client)\//.test(file))).toEqual([]);
    expect(importsInto(graph, 'adapters/', (file) => /^(cli|client)\//.test(file))).toEqual([]);
  });

  it('the command (cli/) calls the arena through the typed client (client/), and imports nothing else but the core', async () => {
    const graph = await importGraph(repository, 'cli');
    expect(graph.size).toBeGreaterThan(5);
    expect(importsInto(graph, 'cli/', (file) => !/^(cli|client|core)\//.test(file))).toEqual([]);
  });

  it('storage/shared/ imports no surface of storage or of core', async () => {
    const graph = await importGraph(repository, 'storage');
    const surface = (file: string) => isCoreSurface(file) || (file.startsWith('storage/') && !/^storage\/(shared|dialects)\//.test(file));
    expect([...graph.keys()].some((file) => file.startsWith('storage/shared/'))).toBe(true);
    expect(importsInto(graph, 'storage/shared/', surface)).toEqual([]);
  });
});

describe('the import graph tools', () => {
  it('read every kind of relative import, types and re-exports included, and nothing commented out', () => {
    const source = [
      "import { a } from './a.ts';",
      "import type { B } from '../b.ts';",
      "export { c } from './c.ts';",
      "export type { D } from './d.ts';",
      "const e = await import('./e.ts');",
      "import 'valibot';",
      "// import { f } from './f.ts';",
    ].join('\n');
    expect(relativeImports(source)).toEqual(['./a.ts', '../b.ts', './c.ts', './d.ts', './e.ts']);
  });

  it('find a cycle, however long, and a file importing itself, but not a diamond', () => {
    const graph: ImportGraph = new Map([
      ['core/context.ts', ['core/http/route.ts']],
      ['core/http/route.ts', ['core/http/auth.ts']],
      ['core/http/auth.ts', ['core/context.ts', 'core/crypto/sha256.ts']],
      ['core/crypto/sha256.ts', []],
      ['core/self.ts', ['core/self.ts']],
      ['core/top.ts', ['core/left.ts', 'core/right.ts']],
      ['core/left.ts', ['core/bottom.ts']],
      ['core/right.ts', ['core/bottom.ts']],
      ['core/bottom.ts', []],
    ]);
    expect(importCycles(graph)).toEqual([['core/context.ts', 'core/http/route.ts', 'core/http/auth.ts'], ['core/self.ts']]);
  });

  it('name the imports that cross into a forbidden folder', () => {
    const graph: ImportGraph = new Map([['core/http/auth.ts', ['core/agents/keys.ts', 'core/crypto/sha256.ts']]]);
    expect(importsInto(graph, 'core/http/', isCoreSurface)).toEqual(['core/http/auth.ts -> core/agents/keys.ts']);
  });
});
