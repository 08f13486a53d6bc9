import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiPath } from '../../core/discovery/openapi/naming.ts';
import { inProcessArena } from '../support/in-process-arena.ts';

/**
 * The published description as client generators meet it, checked by the two linters people
 * run on OpenAPI documents, each with its stock rule set: Redocly CLI's `recommended` (no
 * error, no warning) and Spectral's `spectral:oas` (no error, no warning). They run as their
 * command-line tools do, on the document as an arena at a public origin serves it.
 */
const run = promisify(execFile);
const resolve = createRequire(import.meta.url).resolve;
const REDOCLY = join(dirname(resolve('@redocly/cli/package.json')), 'bin', 'cli.js');
const SPECTRAL = join(dirname(resolve('@stoplight/spectral-cli/package.json')), 'dist', 'index.js');
// No telemetry, update notice or install analytics from either tool (the machine may be offline).
const QUIET = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', SCARF_ANALYTICS: 'false', NO_COLOR: '1' };

let folder: string;
let documentPath: string;
/**
 * Operations whose own answer is a refusal, by design: A2A's GetTask, which the binding defines
 * and which answers TASK_NOT_FOUND for every id since no task is kept. Only the rule that every
 * operation has a success answer is waived for them, as "METHOD /path".
 */
let refusalOnly: Set<string>;

beforeAll(async () => {
  const { arena } = await inProcessArena('2026-11-21T12:00:00Z');
  refusalOnly = new Set(arena.routes.filter((route) => (route.responds?.status ?? 200) >= 400).map((route) => `${route.method.toLowerCase()} ${openApiPath(route.path)}`));
  const answer = await arena.fetch(new Request('https://arena.example.org/openapi.json'));
  expect(answer.status).toBe(200);
  folder = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
  documentPath = join(folder, 'openapi.json');
  writeFileSync(documentPath, await answer.text());
  writeFileSync(join(folder, '.spectral.json'), JSON.stringify({ extends: ['spectral:oas'] }));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Runs a linter that exits 1 when it finds something: its report is on stdout either way. */
async function report(args: string[]): Promise<string> {
  try {
    return (await run(process.execPath, args, { env: QUIET, cwd: folder, maxBuffer: 32 << 20 })).stdout;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    if (!stdout) throw new Error(`the linter failed without a report: ${stderr}`);
    return stdout;
  }
}

describe('the published OpenAPI document, linted', () => {
  it('passes Redocly CLI’s recommended rules with no error and no warning', async () => {
    const { problems } = JSON.parse(await report([REDOCLY, 'lint', documentPath, '--extends=recommended', '--format=json', '--max-problems=1000'])) as {
      problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
    };
    const waived = ({ ruleId, location }: (typeof problems)[number]) => {
      const [, path, method] = /^#\/paths\/([^/]+)\/([a-z]+)\/responses$/.exec(location[0]?.pointer ?? '') ?? [];
      return ruleId === 'operation-2xx-response' && path !== undefined && refusalOnly.has(`${method} ${path.replaceAll('~1', '/').replaceAll('~0', '~')}`);
    };
    expect(problems.filter((problem) => !waived(problem)).map(({ ruleId, severity, message, location }) => `${severity} ${ruleId} at ${location[0]?.pointer}: ${message}`)).toEqual(
      [],
    );
  }, 60_000);

  it('passes Spectral’s spectral:oas rules with no error and no warning', async () => {
    const findings = JSON.parse(await report([SPECTRAL, 'lint', documentPath, '--ruleset', join(folder, '.spectral.json'), '--format=json', '--quiet'])) as {
      code: string;
      severity: number;
      message: string;
      path: string[];
    }[];
    const waived = ({ code, path }: (typeof findings)[number]) => code === 'operation-success-response' && refusalOnly.has(`${path[2]} ${path[1]}`);
    expect(findings.filter((finding) => !waived(finding)).map(({ code, severity, message, path }) => `${severity} ${code} at ${path.join('.')}: ${message}`)).toEqual([]);
  }, 60_000);
});
