import { readdir } from 'node:fs/promises';
import { join } from 'node:path';

const RUNTIME_GLOBALS = ['process', 'Bun', 'Deno', 'require', 'Buffer', '__dirname', '__filename', 'global', 'setImmediate'];

/**
 * Every reason a source file would tie itself to one runtime: a value import of a package not
 * in `allowed` (type-only imports vanish at run time), or a use of a runtime global.
 */
export function runtimeLeaks(source: string, allowed: readonly string[]): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const valueImports = code.replace(/(?:import|export)\s+type\s[^;]*?from\s+['"][^'"]+['"]/g, '');
  const leaks: string[] = [];
  for (const [, specifier] of valueImports.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"]([^'"]+)['"]/g)) {
    if (specifier!.startsWith('.')) continue;
    if (!allowed.some((name) => specifier === name || specifier!.startsWith(`${name}/`))) leaks.push(`imports ${specifier}`);
  }
  for (const name of RUNTIME_GLOBALS) {
    if (new RegExp(`(?<![.\\w$'"])${name}\\s*[.([]`).test(code)) leaks.push(`touches ${name}`);
  }
  return leaks;
}

/** The TypeScript sources under `dir`, tests left out (test support is all in test/support/). */
export async function sourcesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')).map((entry) => join(entry.parentPath, entry.name));
}
