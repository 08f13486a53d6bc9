import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PROBLEM_TYPES } from '../../core/http/problem.ts';
import type { Route } from '../../core/http/route.ts';
import { arenaRoutes } from '../../core/route-table.ts';

const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The text of client/operations.ts: every route of the table by its operationId, with
 * what the client needs to send it (method, path, credential, durability), and the types of
 * its query, body and answer, which the compiler spells out from the route definitions
 * (test/client/contract.ts).
 */
export async function generatedOperations(): Promise<string> {
  const routes = arenaRoutes(() => Promise.reject(new Error('not called')));
  return `${HEADER}
export const OPERATIONS = {
${routes.map((route) => `  ${route.operationId}: ${entryOf(route)},`).join('\n')}
} as const;

/** Each operation's query and body as sent, and its answer as read (text where the route answers text). */
export interface ArenaOperations ${await spelledOutTypes()}

/** The problem types the arena answers with (\`/problems/<slug>\`). */
export type ArenaProblemSlug =
${Object.keys(PROBLEM_TYPES)
  .map((slug) => `  | '${slug}'`)
  .join('\n')};
`;
}

const HEADER = `/**
 * Every operation of the arena, generated from its route table (core/route-table.ts) by
 * test/client/operations.test.ts, which fails when this file is out of date: do not edit it,
 * run \`npx vitest run test/client/operations.test.ts -u\` to write it again.
 *
 * \`auth\`: \`agent\` takes an arena key, \`optional-agent\` uses one when given, \`operator\` takes
 * the operator's token. \`durable\`: a write that takes an Idempotency-Key and answers a key once.
 * \`protocol\`: a body read by the protocol the route serves (MCP, A2A), not by the arena.
 * \`stream\`: an answer that never ends (\`GET /api/events\`), followed as events.
 */`;

function entryOf(route: Route): string {
  const members = [
    `method: '${route.method}'`,
    `path: '${route.path}'`,
    ...(route.auth ? [`auth: '${route.auth}'`] : []),
    ...(route.durable ? ['durable: true'] : []),
    ...(route.protocolBody ? ['protocol: true'] : []),
    ...([route.responds?.type ?? []].flat().includes('text/event-stream') ? ['stream: true'] : []),
  ];
  return `{ ${members.join(', ')} }`;
}

/** The compiler's declaration of `operations` in test/client/contract.ts: its type, written out. */
async function spelledOutTypes(): Promise<string> {
  const work = await mkdtemp(join(tmpdir(), 'arena-client-types-'));
  try {
    const config = {
      extends: join(REPOSITORY, 'tsconfig.base.json'),
      compilerOptions: { noEmit: false, declaration: true, emitDeclarationOnly: true, outDir: join(work, 'out'), rootDir: REPOSITORY, lib: ['es2024', 'dom'], types: [] },
      files: [join(REPOSITORY, 'test/client/contract.ts')],
    };
    await writeFile(join(work, 'tsconfig.json'), JSON.stringify(config));
    await promisify(execFile)(process.execPath, [join(REPOSITORY, 'node_modules/typescript-compiler/bin/tsc'), '-p', join(work, 'tsconfig.json')], { maxBuffer: 1 << 24 });
    const declared = await readFile(join(work, 'out/test/client/contract.d.ts'), 'utf8');
    const start = declared.indexOf('export declare const operations: {');
    const end = declared.indexOf('\n};', start);
    if (start < 0 || end < 0) throw new Error(`the compiler declared no \`operations\`:\n${declared}`);
    const body = declared.slice(declared.indexOf('{', start), end + 2);
    // The compiler indents by four; the repository by two.
    return body.replace(/^((?: {4})+)/gm, (indent) => ' '.repeat(indent.length / 2));
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
