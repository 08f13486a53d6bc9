import { Agent, request } from 'node:http';
import type { Board } from '../core/games/packet-run/board.ts';
import { finishingTape, freshKey, freshNonce } from '../test/support/fixtures/league.ts';

/**
 * League writes over HTTP to arena servers: agents joined beforehand, then concurrent
 * submitters, each its own agent at a time, so no two requests in flight are one agent's.
 * Plain node:http with kept-alive connections, the lightest client Node has, since the load
 * generator shares the machine's cores with the servers it drives.
 */

/** One connection per submitter, kept alive between its requests. */
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/** Today's league as `GET /api/league` answers it. */
export interface LeagueToday {
  challengeToken: string;
  board: Board;
}

export async function leagueToday(origin: string): Promise<LeagueToday> {
  const { status, body } = await send(origin, 'GET', '/api/league', {});
  if (status !== 200) throw new Error(`GET /api/league answered ${status}: ${body}`);
  return JSON.parse(body) as LeagueToday;
}

/** `count` agents joined today with the board's finishing tape, `inFlight` at a time, spread over `origins`; their API keys. */
export async function joinAgents(origins: readonly string[], today: LeagueToday, count: number, inFlight: number): Promise<string[]> {
  const actions = finishingTape(today.board);
  const keys: string[] = [];
  let next = 0;
  const joiner = async () => {
    while (next < count) {
      const i = next++;
      const { status, body } = await send(
        origins[i % origins.length]!,
        'POST',
        '/api/league/join',
        { 'content-type': 'application/json', 'idempotency-key': freshKey() },
        JSON.stringify({ challengeToken: today.challengeToken, actions, registrationNonce: freshNonce(), agent: { handle: `bench-cluster-${i}` } }),
      );
      if (status !== 200) throw new Error(`POST /api/league/join answered ${status}: ${body}`);
      keys[i] = (JSON.parse(body) as { apiKey: string }).apiKey;
    }
  };
  await Promise.all(Array.from({ length: inFlight }, joiner));
  return keys;
}

/** One submitter: the server it sends to, and the agents whose submits it makes, one after the other. */
export interface Submitter {
  origin: string;
  keys: readonly string[];
}

/**
 * Every submitter at once, each sending `perAgent` submits for each of its agents in turn,
 * one request at a time, tapes taken in turn from `tapes`; resolves to the submits answered.
 * Any answer but a 200 fails the run.
 */
export async function submitAll(submitters: readonly Submitter[], challengeToken: string, tapes: readonly string[], perAgent: number): Promise<number> {
  let tape = 0;
  let answered = 0;
  await Promise.all(
    submitters.map(async ({ origin, keys }) => {
      for (const key of keys) {
        for (let n = 0; n < perAgent; n++) {
          const body = JSON.stringify({ challengeToken, actions: tapes[tape++ % tapes.length] });
          const headers = { 'content-type': 'application/json', authorization: `Bearer ${key}`, 'idempotency-key': freshKey() };
          const answer = await send(origin, 'POST', '/api/league/submit', headers, body);
          if (answer.status !== 200) throw new Error(`POST /api/league/submit to ${origin} answered ${answer.status}: ${answer.body}`);
          answered++;
        }
      }
    }),
  );
  return answered;
}

/**
 * One request; resent once on the same terms when a kept-alive connection turns out closed as
 * it was reused (the server closes idle connections after its keep-alive timeout, and the
 * close can cross the next request). A resent write carries the same Idempotency-Key, so a
 * write that did arrive is answered again rather than kept twice.
 */
async function send(origin: string, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  try {
    return await sendOnce(origin, method, path, headers, body);
  } catch (error) {
    if (!(error instanceof ReusedConnectionClosed)) throw error;
    resent++;
    return await sendOnce(origin, method, path, headers, body);
  }
}

/** Requests resent after a kept-alive connection closed under them; a case reports it. */
export let resent = 0;

class ReusedConnectionClosed extends Error {}

function sendOnce(origin: string, method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
    const outgoing = request(`${origin}${path}`, { method, headers: { ...headers, ...length }, agent }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.on('error', reject);
    });
    outgoing.on('error', (error: NodeJS.ErrnoException) =>
      reject(outgoing.reusedSocket && error.code === 'ECONNRESET' ? new ReusedConnectionClosed(error.message, { cause: error }) : error),
    );
    outgoing.end(body);
  });
}
