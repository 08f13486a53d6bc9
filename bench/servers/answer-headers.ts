/**
 * The headers of the minimal form's "headed" variant (`http-play-*`): the arena's own answer
 * headers, as the bench read them from the arena's answer and handed them over in
 * `ANSWER_HEADERS` (a JSON list of [name, value] pairs), with a request id made for each answer
 * in the arena's form (an instance's 12 characters, then a count in base 36). Undefined without
 * that variable: the minimal form then sends its content type alone.
 */
import { processLines } from '../../adapters/log-lines.ts';
import { encodeBase64Url } from '../../core/index.ts';
import { PLAY_PATH } from './play-context.ts';

export function arenaHeadersMaker(given: string | undefined): (() => Record<string, string>) | undefined {
  if (given === undefined) return undefined;
  const fixed = Object.fromEntries(JSON.parse(given) as [string, string][]);
  const instance = encodeBase64Url(crypto.getRandomValues(new Uint8Array(9)));
  let count = 0;
  return () => ({ ...fixed, 'x-request-id': `${instance}${(count++).toString(36)}` });
}

/**
 * The request lines of the minimal form's "logged" variant (`REQUEST_LINES` set): after each
 * answer, the line the arena writes at `info` for it (core/arena.ts), written as the arena's
 * adapters write theirs (adapters/log-lines.ts: stdout, a turn's lines in one write).
 * Undefined without that variable.
 */
export function requestLineWriter(given: string | undefined): ((requestId: string, status: number, bytes: number, startedMs: number) => void) | undefined {
  if (given === undefined) return undefined;
  return (requestId, status, bytes, startedMs) =>
    processLines.out(
      JSON.stringify({
        event: 'request',
        level: 'info',
        time: new Date().toISOString(),
        requestId,
        method: 'GET',
        route: PLAY_PATH,
        status,
        durationMs: Math.round((performance.now() - startedMs) * 100) / 100,
        bytes,
      }),
    );
}
