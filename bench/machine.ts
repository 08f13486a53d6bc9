import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { BUN, DENO } from './child-server.ts';

/** Where the figures were measured: without this, a table of numbers means little. */
export interface Machine {
  cpu: string;
  cores: number;
  memory: string;
  os: string;
  node: string;
  bun: string;
  deno: string;
  tsx: string;
  autocannon: string;
  date: string;
}

export async function describeMachine(): Promise<Machine> {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: [await distribution(), `${os.type()} ${os.release()} ${os.arch()}`].filter(Boolean).join(', '),
    node: process.version,
    bun: versionOf(BUN, ['--version']),
    deno: versionOf(DENO, ['--version'])
      .split('\n')[0]!
      .replace(/^deno (\S+).*/, '$1'),
    tsx: packageVersion('tsx'),
    autocannon: packageVersion('autocannon'),
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}

/** The Linux distribution's name, when the system says. */
async function distribution(): Promise<string | undefined> {
  try {
    const release = await readFile('/etc/os-release', 'utf8');
    return /^PRETTY_NAME="?([^"\n]*)"?$/m.exec(release)?.[1];
  } catch {
    return undefined;
  }
}

function packageVersion(name: string): string {
  const require = createRequire(import.meta.url);
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** What a runtime installed from npm says of its version. */
function versionOf(executable: string, args: string[]): string {
  try {
    return execFileSync(executable, args, { encoding: 'utf8' }).trim();
  } catch {
    return 'not installed';
  }
}
