/**
 * The minimal form of signed play on Bun and Deno: the runtime's own server, the query read by
 * hand, the same core functions as the arena (scoring, receipt, canonical JSON, Ed25519, native
 * SHA-256) and one Response made from the JSON text. The Bun and Deno counterpart of
 * `bench/servers/minimal-play.ts`, with the same `ANSWER_HEADERS` and `REQUEST_LINES` variants.
 */
import { parseActionString, MAX_QUERY_ACTION_LENGTH } from '../../../core/games/packet-run/parse.ts';
import { signedRun } from '../../../core/games/packet-run/signed-result.ts';
import { arenaHeadersMaker, requestLineWriter } from '../answer-headers.ts';
import { CLASSIC, PLAY_PATH, playContext } from '../play-context.ts';
import { envOf, memoryStore, serveWeb } from './serve.ts';

const context = await playContext(await memoryStore());
const JSON_HEADERS: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
const encoder = new TextEncoder();
const headed = arenaHeadersMaker(envOf('ANSWER_HEADERS'));
const logged = requestLineWriter(envOf('REQUEST_LINES'));

serveWeb('minimal play', async (request) => {
  const started = performance.now();
  const url = new URL(request.url);
  const parsed = url.pathname === PLAY_PATH ? parseActionString(url.searchParams.get('actions') ?? '', MAX_QUERY_ACTION_LENGTH) : undefined;
  if (!parsed?.ok) return new Response(null, { status: parsed ? 400 : 404 });
  const agent = url.searchParams.get('agent');
  const run = await signedRun(context, CLASSIC, parsed.value, agent === null ? undefined : { name: agent });
  const text = JSON.stringify(run);
  const headers = headed ? headed() : JSON_HEADERS;
  if (!logged) return new Response(text, { headers });
  // The arena's line names the answer's length in bytes, as the arena's answer (made of bytes) knows it.
  const body = encoder.encode(text);
  const response = new Response(body, { headers });
  logged(headers['x-request-id'] ?? '', 200, body.length, started);
  return response;
});
