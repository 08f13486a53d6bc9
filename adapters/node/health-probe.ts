/**
 * `node scripts/run-built.mjs health-probe`, the image's HEALTHCHECK: exit code 0 when the arena
 * this environment configures answers `/readyz` ready (its database reachable and migrated)
 * within 4 s, else 1 and a line saying why. It asks where the server listens, `PORT` and `HOST`
 * read as the server reads them: a wildcard address through the loopback.
 */
import { isIP } from 'node:net';
import { listenAddressOf } from '../configuration/listen-address.ts';
import { readEnvironment } from '../configuration/read.ts';

const TIMEOUT_MS = 4_000;

const { port, hostname } = listenAddressOf(readEnvironment(process.env));
const host = hostname === '0.0.0.0' ? '127.0.0.1' : hostname === '::' ? '[::1]' : isIP(hostname) === 6 ? `[${hostname}]` : hostname;
const url = `http://${host}:${port}/readyz`;
try {
  const answer = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!answer.ok) console.error(`${url} answered ${answer.status}: ${await answer.text()}`);
  process.exitCode = answer.ok ? 0 : 1;
} catch (error) {
  console.error(`${url} did not answer: ${(error as Error).message}`);
  process.exitCode = 1;
}
