import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runtimeLeaks, sourcesUnder } from './support/runtime-leaks.ts';

/**
 * `core/` and `storage/` run unchanged on Node, Bun, Deno and Workers: the adapters pass in
 * everything runtime-specific. So they import only Web-standard, pure packages and touch no
 * runtime global.
 */
const FOLDERS = [
  { folder: 'core', allowed: ['itty-router', 'valibot', '@valibot/to-json-schema', '@noble/hashes', '@noble/curves', '@modelcontextprotocol/server'], least: 40 },
  { folder: 'storage', allowed: ['kysely'], least: 15 },
  // The typed client runs wherever fetch does (browsers included): it imports nothing at all.
  { folder: 'client', allowed: [], least: 4 },
];

describe.each(FOLDERS)('$folder/', ({ folder, allowed, least }) => {
  it(`imports only ${allowed.join(', ') || 'its own files'} and touches no runtime global`, async () => {
    const root = fileURLToPath(new URL(`../${folder}/`, import.meta.url));
    const files = await sourcesUnder(root);
    expect(files.length).toBeGreaterThan(least);
    const leaks: string[] = [];
    for (const file of files) {
      for (const leak of runtimeLeaks(await readFile(file, 'utf8'), allowed)) leaks.push(`${relative(root, file)} ${leak}`);
    }
    expect(leaks).toEqual([]);
  });
});

describe('the leak finder', () => {
  const find = (source: string) => runtimeLeaks(source, ['valibot', '@noble/hashes']);
  it('notices every kind of leak, and nothing else', () => {
    expect(find(`import { readFile } from 'node:fs';`)).toEqual(['imports node:fs']);
    expect(find(`import x from "fs"`)).toEqual(['imports fs']);
    expect(find(`const m = await import('node:crypto');`)).toEqual(['imports node:crypto']);
    expect(find(`const key = process.env.KEY;`)).toEqual(['touches process']);
    expect(find(`Deno.serve(handler)`)).toEqual(['touches Deno']);
    expect(find(`const b = Buffer.from('x')`)).toEqual(['touches Buffer']);
    expect(find("import Database from 'better-sqlite3';\nconst url = process.env.URL;")).toEqual(['imports better-sqlite3', 'touches process']);
    expect(find(`// process.env is read by the adapters\nconst ok = 1;`)).toEqual([]);
    expect(find(`import * as v from 'valibot'; import { sha256 } from '@noble/hashes/sha2.js';`)).toEqual([]);
    expect(find("import type { Database } from 'bun:sqlite';")).toEqual([]);
  });
});
