import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The repository's root, where the docs' commands are meant to be run. */
export const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/** Where the docs' commands expect the arena: `npm start`'s address. */
const DOCS_ORIGIN = /(?:http:\/\/)?localhost:8787/g;

/**
 * The languages a fenced block of the docs may be written in: `sh`, `ts` and `js` blocks are
 * run by a test; `json` and `text` blocks show what an answer, a log line or a tree looks like.
 */
export const BLOCK_LANGUAGES = ['sh', 'ts', 'js', 'json', 'text'] as const;

/** A fenced block of a Markdown file: where it is, what it says, and whether the doc tests run it. */
export interface DocBlock {
  /** The file, relative to the repository's root (`README.md`, `docs/running.md`). */
  file: string;
  /** The heading of its section. */
  heading: string;
  /** The fence's language (`sh`, `ts`, …; empty when the fence names none). */
  language: string;
  code: string;
  /** False for a block marked `<!-- not run: <reason> -->` on the line before it. */
  runs: boolean;
  /** The reason a block that does not run gives. */
  reason?: string;
}

/** The README and every Markdown page under `docs/`, relative to the repository's root, in a stable order. */
export function docFiles(): string[] {
  const pages = readdirSync(`${REPOSITORY}docs`, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.md'))
    .map((path) => `docs/${path.replaceAll('\\', '/')}`)
    .sort();
  return ['README.md', ...pages];
}

/** The text of a doc file. */
export function docText(file: string): string {
  return readFileSync(`${REPOSITORY}${file}`, 'utf8');
}

/** Every fenced block of `file`, in order (fences may be indented, as in a list item). */
export function markdownBlocks(file: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  let heading = '';
  const lines = docText(file).split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^#{1,6} /.test(line)) heading = line.replace(/^#+ /, '');
    const fence = /^(\s*)```(\S*)\s*$/.exec(line);
    if (!fence) continue;
    const [, indent, language] = fence;
    const end = lines.indexOf(`${indent}\`\`\``, i + 1);
    if (end < 0) throw new Error(`${file}: the block that opens on line ${i + 1} never closes`);
    const marker =
      lines
        .slice(0, i)
        .reverse()
        .find((earlier) => earlier.trim() !== '') ?? '';
    const notRun = /^\s*<!-- not run: (.+?) -->$/.exec(marker);
    const code = lines
      .slice(i + 1, end)
      .map((text) => text.slice(indent!.length))
      .join('\n');
    blocks.push({ file, heading, language: language!, code, runs: !notRun, ...(notRun ? { reason: notRun[1]! } : {}) });
    i = end;
  }
  return blocks;
}

/** Every block of the README in `language` (```sh by default), in order. */
export function readmeBlocks(language = 'sh'): DocBlock[] {
  return markdownBlocks('README.md').filter((block) => block.language === language);
}

/** The shell block of `file` under a heading, as written. */
export function docBlock(file: string, heading: string): string {
  const block = markdownBlocks(file).find((candidate) => candidate.language === 'sh' && candidate.heading === heading);
  if (!block) throw new Error(`${file} has no shell block under "${heading}"`);
  return block.code;
}

/** The docs' origin in `code` replaced by `base`'s. */
export function atOrigin(code: string, base: string): string {
  return code.replaceAll(DOCS_ORIGIN, base);
}

/**
 * A bash script that runs `blocks` in one shell, as a reader at the repository root would run
 * them one after another, against the arena at `base`:
 * - any command failing stops it (`set -eu`);
 * - curl fails on an HTTP error, which a reader would see as an error answer, with the reader's
 *   own `curlOptions`;
 * - `npx agent-arena` runs the repository's own command, as npx does in a project that has it
 *   installed;
 * - `npm run` runs the repository's own scripts, as it does at the repository's root.
 */
export function shellScript(blocks: readonly string[], base: string, curlOptions = ''): string {
  return [
    'set -eu',
    `curl() { command curl --fail-with-body ${curlOptions} "$@"; }`,
    `npx() { if [ "$1" = agent-arena ]; then shift; node '${REPOSITORY}bin/agent-arena.mjs' "$@"; else command npx "$@"; fi; }`,
    `npm() { command npm --prefix '${REPOSITORY}' "$@"; }`,
    ...blocks,
  ]
    .join('\n')
    .replaceAll(DOCS_ORIGIN, base);
}
