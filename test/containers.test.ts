import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No container engine runs on these machines, so the Dockerfile and compose.yaml are never built
 * here. What can drift silently is checked instead: the image installs and runs exactly what the
 * npm scripts do, and keeps secrets out of its build context.
 */
const root = fileURLToPath(new URL('../', import.meta.url));
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');
const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

interface Instruction {
  stage: number;
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined and comments left out, each with its stage (0 for the first FROM). */
function dockerfile(): Instruction[] {
  const lines = read('Dockerfile')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  let stage = -1;
  return lines.map((line) => {
    const [keyword, ...rest] = line.split(/\s+/);
    if (keyword!.toUpperCase() === 'FROM') stage++;
    return { stage, keyword: keyword!.toUpperCase(), args: rest.join(' ') };
  });
}

/** The command an npm script ends up running: its last `&&` step, through `npm run`/`npm start` and a shell's `exec`. */
function finalCommand(script: string): string[] {
  const words = script.split('&&').at(-1)!.trim().replace(/^exec\s+/, '').split(/\s+/);
  if (words[0] === 'npm' && words[1] === 'start') return finalCommand(scripts.start!);
  if (words[0] === 'npm' && words[1] === 'run') return finalCommand(scripts[words[2]!]!);
  return words;
}

describe('the Dockerfile', () => {
  const instructions = dockerfile();
  const last = Math.max(...instructions.map((instruction) => instruction.stage));
  const of = (keyword: string, stage = last) => instructions.filter((instruction) => instruction.keyword === keyword && instruction.stage === stage).map((instruction) => instruction.args);

  it('builds on node:22-bookworm-slim: npm ci and npm run build, then a runtime with production dependencies only', () => {
    expect(of('FROM', 0)).toEqual(['node:22-bookworm-slim AS build']);
    expect(of('FROM')).toEqual(['node:22-bookworm-slim']);
    expect(of('RUN', 0)).toEqual(['npm ci', 'npm run build']);
    expect(of('RUN').some((run) => /(^|&&\s*)npm ci --omit=dev(\s|$)/.test(run))).toBe(true);
    expect(of('COPY')).toEqual(expect.arrayContaining(['--from=build /app/dist ./dist', '--from=build /app/scripts ./scripts']));
  });

  // The build and start scripts are another change's (`build` writes dist/, `start` runs it); until they are here, so is this check.
  it.skipIf(!scripts.build)('runs what npm start runs', () => {
    const cmd = JSON.parse(of('CMD')[0]!) as string[];
    expect(cmd).toEqual(['node', 'scripts/run-built.mjs', 'node']);
    expect(cmd).toEqual(finalCommand('npm start'));
    expect(existsSync(`${root}${cmd[1]}`)).toBe(true);
  });

  it('runs as a non-root user, keeps its data in the /data volume and probes readiness on the port it exposes', () => {
    expect(of('USER')).toEqual(['node']);
    expect(of('VOLUME')).toEqual(['/data']);
    expect(of('ENV').join(' ')).toContain('ARENA_DATA_DIR=/data');
    expect(of('EXPOSE')).toEqual(['8787']);
    const [healthcheck] = of('HEALTHCHECK');
    expect(healthcheck).toContain('CMD ["node", "-e"');
    expect(healthcheck).toContain("fetch('http://127.0.0.1:8787/readyz'");
  });
});

describe('the container files', () => {
  it('keep secrets, databases and installed trees out of the build context', () => {
    const ignored = read('.dockerignore').split('\n').map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['.git', 'node_modules', 'dist', 'data', '*.db', '.dev.vars', '.env', '.wrangler']));
  });

  it('compose the arena with PostgreSQL 16, started once it is ready, with no password committed', () => {
    const compose = read('compose.yaml');
    expect(compose).toContain('image: postgres:16\n');
    expect(compose).toMatch(/test: \["CMD-SHELL", "pg_isready /);
    expect(compose).toMatch(/depends_on:\n\s+postgres:\n\s+condition: service_healthy/);
    expect(compose).toContain('DATABASE_URL: postgres://arena:${POSTGRES_PASSWORD:?');
    expect(compose).toContain('POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:?');
    expect(compose).toContain('- arena-data:/data');
    expect(compose).toContain('"8787:8787"');
  });
});
