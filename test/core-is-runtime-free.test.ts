import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const CORE = fileURLToPath(new URL('../core/', import.meta.url));

/** The only packages the core may import: Web-standard, pure libraries. */
const ALLOWED_PACKAGES = ['itty-router', 'valibot', '@noble/hashes', '@noble/curves', 'canonicalize'];
const RUNTIME_GLOBALS = ['process', 'Bun', 'Deno', 'require', 'Buffer', '__dirname', '__filename', 'global', 'setImmediate'];

/** Every reason a source file would tie the core to one runtime. */
function runtimeLeaks(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const leaks: string[] = [];
  const specifiers = [...code.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  for (const specifier of specifiers) {
    if (specifier.startsWith('.')) continue;
    if (!ALLOWED_PACKAGES.some((name) => specifier === name || specifier.startsWith(`${name}/`))) leaks.push(`imports ${specifier}`);
  }
  for (const name of RUNTIME_GLOBALS) {
    if (new RegExp(`(?<![.\\w$'"])${name}\\s*[.([]`).test(code)) leaks.push(`touches ${name}`);
  }
  return leaks;
}

async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/\.test(-support)?\.ts$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

describe('core/', () => {
  it('imports no runtime module and touches no runtime global', async () => {
    const files = await sourceFiles(CORE);
    expect(files.length).toBeGreaterThan(20);
    const leaks: string[] = [];
    for (const file of files) {
      for (const leak of runtimeLeaks(await readFile(file, 'utf8'))) leaks.push(`${relative(CORE, file)} ${leak}`);
    }
    expect(leaks).toEqual([]);
  });

  it('would notice a leak', () => {
    expect(runtimeLeaks(`import { readFile } from 'node:fs';`)).toEqual(['imports node:fs']);
    expect(runtimeLeaks(`import x from "fs"`)).toEqual(['imports fs']);
    expect(runtimeLeaks(`const m = await import('node:crypto');`)).toEqual(['imports node:crypto']);
    expect(runtimeLeaks(`const key = process.env.KEY;`)).toEqual(['touches process']);
    expect(runtimeLeaks(`Deno.serve(handler)`)).toEqual(['touches Deno']);
    expect(runtimeLeaks(`const b = Buffer.from('x')`)).toEqual(['touches Buffer']);
    expect(runtimeLeaks(`// process.env is read by the adapters\nconst ok = 1;`)).toEqual([]);
    expect(runtimeLeaks(`import * as v from 'valibot'; import { sha256 } from '@noble/hashes/sha2.js';`)).toEqual([]);
  });
});
