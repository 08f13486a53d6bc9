import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { COMMANDS, type Runtime } from './servers.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A local adapter started under a given umask, with everything it printed kept. */
export interface LocalServer {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

/** Starts the runtime's main.ts through `sh` so the umask applies to it, and waits until it listens. */
export async function startLocal(runtime: Exclude<Runtime, 'workers'>, env: Record<string, string>, umask = '022'): Promise<LocalServer> {
  const { DATABASE_URL: _, ARENA_PUBLIC_ORIGIN: __, ...inherited } = process.env;
  const child = spawn('sh', ['-c', `umask ${umask} && exec "$@"`, 'sh', ...COMMANDS[runtime]], {
    cwd: root,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${runtime} did not start within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${runtime} exited with ${code} before listening:\n${output}`));
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
    });
  return { baseUrl: `http://127.0.0.1:${port}`, output: () => output, stop };
}
