/**
 * The bare baseline on Bun and Deno: every request answered with one fixed JSON body,
 * BODY_BYTES long, of CONTENT_TYPE, by the runtime's own server. The counterpart of
 * `bench/servers/bare-json.ts`.
 */
import { envOf, serveWeb } from './serve.ts';

const length = Number(envOf('BODY_BYTES'));
const frame = '{"padding":""}';
if (!Number.isInteger(length) || length < frame.length) throw new RangeError(`BODY_BYTES must be an integer of at least ${frame.length}`);
const body = new TextEncoder().encode(`{"padding":"${'x'.repeat(length - frame.length)}"}`);
const headers = { 'content-type': envOf('CONTENT_TYPE') ?? 'application/json' };

serveWeb('bare json', () => new Response(body, { headers }));
