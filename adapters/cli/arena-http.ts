import { randomBytes } from 'node:crypto';

/** Where the commands that call the arena send their requests: `--arena`, else ARENA_URL, else `npm start`'s address. */
export function arenaOrigin(given: string | undefined): string {
  return (given ?? process.env.ARENA_URL ?? 'http://localhost:8787').replace(/\/+$/, '');
}

/** A refusal the arena answered (its status and problem document's detail), or a request that never got an answer (no status). */
export class ArenaRefusal extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/**
 * One JSON request to the arena. A write carries an Idempotency-Key, and is sent again with the
 * same key and body when no answer came back or the arena said when to retry (`Retry-After` on
 * a 409 or 503): the arena answers a key once, so a retry can only return the first answer.
 */
export async function callArena<T>(origin: string, path: string, init: { method?: 'GET' | 'POST'; body?: unknown; key?: string } = {}): Promise<T> {
  const write = init.method === 'POST';
  const headers: Record<string, string> = {
    accept: 'application/json',
    ...(init.key ? { authorization: `Bearer ${init.key}` } : {}),
    ...(write ? { 'content-type': 'application/json', 'idempotency-key': `arena-cli-${randomBytes(16).toString('hex')}` } : {}),
  };
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  for (let attempt = 1; ; attempt++) {
    const last = attempt === 3 || !write;
    let answer: Response;
    try {
      answer = await fetch(`${origin}${path}`, { method: init.method ?? 'GET', headers, body });
    } catch (error) {
      if (last) throw new ArenaRefusal(`${origin} did not answer: ${(error as Error).message}`);
      await pause(1);
      continue;
    }
    // The same key still in flight (409), or the database away (503): each says when to come back.
    if ((answer.status === 409 || answer.status === 503) && answer.headers.has('retry-after') && !last) {
      await answer.body?.cancel();
      await pause(Number(answer.headers.get('retry-after')));
      continue;
    }
    const parsed = (await answer.json().catch(() => undefined)) as (T & { detail?: string; title?: string }) | undefined;
    if (!answer.ok) throw new ArenaRefusal(`${init.method ?? 'GET'} ${path} answered ${answer.status}: ${parsed?.detail ?? parsed?.title ?? answer.statusText}`, answer.status);
    return parsed as T;
  }
}

/** Waits the seconds asked for: at least one, at most ten (a command line should not hang for long). */
function pause(seconds: number): Promise<void> {
  const bounded = Number.isFinite(seconds) ? Math.min(10, Math.max(1, seconds)) : 1;
  return new Promise((resolve) => setTimeout(resolve, bounded * 1000));
}
