import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The repository's root, where the README's commands are meant to be run. */
export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));
const README = await readFile(`${REPOSITORY}README.md`, 'utf8');

/** Where the README's commands expect the arena: `npm start`'s address. */
const README_ORIGIN = /(?:http:\/\/)?localhost:8787/g;

/** A shell block of the README: its section's heading, its text, and whether the README test runs it. */
export interface ReadmeBlock {
  heading: string;
  code: string;
  /** False for a block marked `<!-- not run: … -->` (it installs or starts the arena the others talk to). */
  runs: boolean;
}

/** Every block of the README in `language` (```sh by default), in order. */
export function readmeBlocks(language = 'sh'): ReadmeBlock[] {
  const blocks: ReadmeBlock[] = [];
  let heading = '';
  const lines = README.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^#{2,3} /.test(line)) heading = line.replace(/^#+ /, '');
    if (line !== `\`\`\`${language}`) continue;
    const end = lines.indexOf('```', i + 1);
    const marker = lines.slice(0, i).reverse().find((earlier) => earlier.trim() !== '') ?? '';
    blocks.push({ heading, code: lines.slice(i + 1, end).join('\n'), runs: !marker.startsWith('<!-- not run') });
    i = end;
  }
  return blocks;
}

/** The README's shell block under a heading, as written. */
export function readmeBlock(heading: string): string {
  const block = readmeBlocks().find((candidate) => candidate.heading === heading);
  if (!block) throw new Error(`README.md has no shell block under "${heading}"`);
  return block.code;
}

/** The README's origin in `code` replaced by `base`'s. */
export function atOrigin(code: string, base: string): string {
  return code.replaceAll(README_ORIGIN, base);
}

/**
 * A bash script that runs `blocks` in one shell, as a reader at the repository root would run
 * them one after another, against the arena at `base`:
 * - any command failing stops it (`set -eu`);
 * - curl fails on an HTTP error, which a reader would see as an error answer, with the reader's
 *   own `curlOptions`;
 * - `npx agent-arena` runs the repository's own command line, as npx does at the repository root.
 */
export function readmeScript(blocks: readonly string[], base: string, curlOptions = ''): string {
  return [
    'set -eu',
    `curl() { command curl --fail-with-body ${curlOptions} "$@"; }`,
    `npx() { if [ "$1" = agent-arena ]; then shift; node '${REPOSITORY}bin/agent-arena.mjs' "$@"; else command npx "$@"; fi; }`,
    ...blocks,
  ]
    .join('\n')
    .replaceAll(README_ORIGIN, base);
}
