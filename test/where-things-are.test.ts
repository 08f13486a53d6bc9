import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Route } from '../core/http/route.ts';
import { testArena } from './support/arena-context.ts';

const repository = fileURLToPath(new URL('..', import.meta.url));
const ARCHITECTURE = await readFile(new URL('../docs/architecture.md', import.meta.url), 'utf8');
const MAP = ARCHITECTURE.slice(ARCHITECTURE.indexOf('## Where things are'), ARCHITECTURE.indexOf('\n## ', ARCHITECTURE.indexOf('## Where things are') + 1));

/** A row of the map's table: the URLs it names and the route modules that serve them. */
interface MapRow {
  urls: string[];
  modules: string[];
}

const ticked = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

function mapRows(): MapRow[] {
  return MAP.split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [urls, routes] = line.split('|').slice(1, 3).map(ticked);
      return { urls: urls!, modules: routes! };
    });
}

/** `/api/league*` covers `/api/league` and everything below it; anything else is one path. */
const covers = (pattern: string, path: string) => (pattern.endsWith('*') ? path.startsWith(pattern.slice(0, -1)) : path === pattern);

/** The routes a module defines: its exported route lists, and its route factories' lists (only their paths are read). */
async function routesOf(module: string): Promise<Route[]> {
  const files = module.endsWith('/')
    ? (await readdir(`${repository}${module}`)).filter((name) => name.endsWith('.ts') && !name.includes('.test')).map((name) => `${module}${name}`)
    : [module];
  const routes: Route[] = [];
  for (const file of files) {
    for (const [name, value] of Object.entries(await import(pathToFileURL(`${repository}${file}`).href))) {
      if (!name.endsWith('Routes')) continue;
      routes.push(...((typeof value === 'function' ? value([]) : value) as Route[]));
    }
  }
  return routes;
}

describe("the architecture's map (docs/architecture.md, Where things are)", () => {
  let arenaRoutes: readonly Route[];
  beforeAll(async () => {
    arenaRoutes = (await testArena()).routes;
  });

  it('names only paths that exist', () => {
    const named = [...MAP.matchAll(/`((?:core|storage|adapters|client|cli|fixtures|test|bench|docs|examples|scripts)\/[^`*<\s]*)`/g)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(40);
    expect(named.filter((path) => !existsSync(`${repository}${path}`))).toEqual([]);
  });

  it('has rows whose route modules serve only the URLs of their row', async () => {
    const rows = mapRows();
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      const routes = (await Promise.all(row.modules.map(routesOf))).flat();
      expect(routes.length, row.modules.join(', ')).toBeGreaterThan(0);
      const strays = routes.filter((route) => !row.urls.some((url) => covers(url, route.path))).map((route) => `${route.method} ${route.path}`);
      expect(strays, `${row.modules.join(', ')} serves URLs its row does not name`).toEqual([]);
    }
  });

  it('places every route of the arena in exactly one row', async () => {
    const placed = new Map<string, number>();
    for (const row of mapRows()) {
      for (const route of (await Promise.all(row.modules.map(routesOf))).flat()) {
        const key = `${route.method} ${route.path}`;
        placed.set(key, (placed.get(key) ?? 0) + 1);
      }
    }
    const everyRoute = arenaRoutes.map((route) => `${route.method} ${route.path}`);
    expect(everyRoute.filter((key) => placed.get(key) !== 1)).toEqual([]);
  });
});
