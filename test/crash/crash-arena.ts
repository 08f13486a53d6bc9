import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startKillable, type KillableServer } from '../support/killable-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One arena's data folder and keys, for servers started, killed and started again on it. */
export interface CrashArena {
  /** The SQLite file the servers share. */
  database: string;
  operatorToken: string;
  /** A server on the folder, its clock `offsetMs` ahead, killing itself after `crashAfter` (see crash-server.ts). */
  start(options: { offsetMs: number; crashAfter?: readonly string[] }): Promise<KillableServer>;
  remove(): Promise<void>;
}

export async function crashArena(label: string): Promise<CrashArena> {
  const dir = await mkdtemp(join(tmpdir(), `arena-crash-${label}-`));
  const operatorToken = `operator-${randomBytes(24).toString('hex')}`;
  const env = {
    ARENA_DATA_DIR: dir,
    ARENA_SIGNING_KEY: randomBytes(32).toString('base64url'),
    ARENA_SECRET: randomBytes(32).toString('base64url'),
    ARENA_OPERATOR_TOKEN: operatorToken,
    ARENA_ARRIVAL_DAILY_CAP: '999999',
    // The streams join and check in far more than a client would; the budget is tested elsewhere.
    ARENA_ANONYMOUS_WRITES_PER_HOUR: '0',
    ARENA_PUBLIC_ORIGIN: 'http://arena.test',
  };
  return {
    database: join(dir, 'arena.db'),
    operatorToken,
    start: ({ offsetMs, crashAfter = [] }) =>
      startKillable('test/crash/crash-server.ts', { ...env, CLOCK_OFFSET_MS: String(Math.round(offsetMs)), CRASH_AFTER: crashAfter.join(',') }),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Where the servers' clocks start: now, unless the next `spanMs` would cross 00:00 UTC; then
 * far enough back that the whole run falls in the day now ending. A challenge token is for
 * one UTC day, and a retry must be the same request, token and all.
 */
export function dayKeepingOffset(spanMs: number, now = Date.now()): number {
  const untilMidnight = DAY_MS - (now % DAY_MS);
  return untilMidnight > spanMs ? 0 : -(spanMs + 60_000);
}

/** A request as a test records it, to send again exactly. */
export interface SentRequest {
  method: 'POST' | 'PUT';
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  text: string;
}

/** Sends the request; `undefined` when no whole answer came back (the connection died). */
export async function send(baseUrl: string, request: SentRequest): Promise<Answer | undefined> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(`${baseUrl}${request.path}`, {
      method: request.method,
      body: JSON.stringify(request.body),
      headers: { 'content-type': 'application/json', ...request.headers },
    });
    text = await response.text();
  } catch {
    return undefined;
  }
  const body: unknown = /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, body, text };
}
