/**
 * `storage/` runs unchanged on Node, Bun, Deno and Workers: the adapters build the clients and
 * pass them in. So it imports only Kysely (and types), and touches no runtime global.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const STORAGE = fileURLToPath(new URL('../../storage/', import.meta.url));
const RUNTIME_GLOBALS = ['process', 'Bun', 'Deno', 'require', 'Buffer', '__dirname', '__filename', 'global', 'setImmediate'];

function runtimeLeaks(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const leaks: string[] = [];
  // Type-only imports vanish at run time, so a driver's types may be named.
  const valueImports = code.replace(/(?:import|export)\s+type\s[^;]*?from\s+['"][^'"]+['"]/g, '');
  for (const [, specifier] of valueImports.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
    if (!specifier!.startsWith('.') && specifier !== 'kysely') leaks.push(`imports ${specifier}`);
  }
  for (const name of RUNTIME_GLOBALS) {
    if (new RegExp(`(?<![.\\w$'"])${name}\\s*[.([]`).test(code)) leaks.push(`touches ${name}`);
  }
  return leaks;
}

describe('storage/', () => {
  it('imports only kysely and touches no runtime global', async () => {
    const entries = await readdir(STORAGE, { withFileTypes: true, recursive: true });
    const files = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts')).map((entry) => join(entry.parentPath, entry.name));
    expect(files.length).toBeGreaterThan(15);
    const leaks: string[] = [];
    for (const file of files) {
      for (const leak of runtimeLeaks(await readFile(file, 'utf8'))) leaks.push(`${relative(STORAGE, file)} ${leak}`);
    }
    expect(leaks).toEqual([]);
  });

  it('would notice a leak', () => {
    expect(runtimeLeaks("import Database from 'better-sqlite3';\nconst url = process.env.URL;")).toEqual(['imports better-sqlite3', 'touches process']);
    expect(runtimeLeaks("import type { Database } from 'bun:sqlite';")).toEqual([]);
  });
});
