/**
 * The minimal league submit as a `node:http` request listener: no router, no Web
 * Request/Response, no validation library. In the arena's order: the bearer key, found by its
 * digest; the Idempotency-Key header; the body (JSON, at most 16 KB) and its fields; the league
 * token; the run scored and signed; then the one durable step, and the answer written as one
 * piece once it has committed.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { namingJson } from '../../../core/crypto/canonical-json.ts';
import { sha256Hex } from '../../../core/crypto/sha256.ts';
import { type Answer, attemptAnswer, problem, SUBMIT_PATH } from './answers.ts';
import { bearerKey, idempotencyKey, submitBody, unknownKey, unlessJson } from './checks.ts';
import type { LeagueDay } from './league-day.ts';
import type { Ledger } from './ledger.ts';

/** The arena's limits: a body's bytes, and an agent's retained attempts per UTC day. */
const MAX_BODY_BYTES = 16_384;
export const ATTEMPTS_PER_DAY = 10;

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

export function submitListener(ledger: Ledger, day: LeagueDay, publicBase: string): RequestListener {
  const answer = async (request: IncomingMessage): Promise<Answer> => {
    const key = bearerKey(request.headers.authorization);
    if (typeof key !== 'string') return key;
    const agent = await ledger.agentByKeyDigest(sha256Hex(key));
    if (!agent) return unknownKey();
    const idempotency = idempotencyKey(request.headers['idempotency-key']);
    if (typeof idempotency !== 'string') return idempotency;
    const notJson = unlessJson(request.headers['content-type']);
    if (notJson) return notJson;
    const text = await bodyText(request);
    if (typeof text !== 'string') return text;
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (error) {
      return problem('malformed-json', `the body is not valid JSON: ${(error as Error).message}`);
    }
    const body = submitBody(raw);
    if ('status' in body) return body;
    const setting = await day.settingOf(body.challengeToken);
    if ('status' in setting) return setting;
    const attempt = await day.scoredAttempt(agent, setting, body.actions);
    // The key is the agent's own (another agent's same key is another request); the body is compared as canonical JSON.
    const claim = { keyDigest: sha256Hex(`agent:${agent.id}\n${idempotency}`), fingerprint: sha256Hex(`POST ${SUBMIT_PATH}\n${namingJson(raw)}`) };
    const retained = await ledger.retain(attempt, claim, ATTEMPTS_PER_DAY);
    switch (retained.outcome) {
      case 'retained':
      case 'replayed':
        return attemptAnswer(retained.attempt, ATTEMPTS_PER_DAY, publicBase, retained.outcome === 'replayed');
      case 'mismatch':
        return problem('idempotency-key-reused', 'this Idempotency-Key was first used with a different body; use a new key for a new request');
      case 'limit-reached':
        return problem('conflict', `${ATTEMPTS_PER_DAY} attempts are already retained for ${setting.date}; the next board opens at 00:00 UTC`);
    }
  };
  return (request, response) => {
    if (request.method !== 'POST' || request.url !== SUBMIT_PATH) return void response.writeHead(404, { 'content-length': 0 }).end();
    answer(request).then(
      (made) => send(response, made),
      (error: unknown) => {
        console.error('minimal submit failed:', error);
        send(response, problem('internal-error', 'the minimal submit failed'));
      },
    );
  };
}

function send(response: ServerResponse, { status, headers, body }: Answer): void {
  response.writeHead(status, { ...headers, 'content-length': Buffer.byteLength(body) }).end(body);
}

/** The body as text: 413 past the limit (declared, or as it arrives), 400 when it is not UTF-8 or empty. */
function bodyText(request: IncomingMessage): Promise<string | Answer> {
  const tooLarge = () => problem('payload-too-large', `request bodies are limited to ${MAX_BODY_BYTES} bytes`, { headers: { connection: 'close' } });
  if (Number(request.headers['content-length']) > MAX_BODY_BYTES) return Promise.resolve(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        request.removeAllListeners('data');
        request.resume();
        resolve(tooLarge());
      } else chunks.push(chunk);
    });
    request.once('error', reject);
    request.once('end', () => {
      if (size > MAX_BODY_BYTES) return;
      let text: string;
      try {
        text = STRICT_UTF8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
      } catch {
        return resolve(problem('malformed-json', 'the body is not valid UTF-8'));
      }
      resolve(text.trim() === '' ? problem('malformed-json', 'the body is empty; send a JSON object') : text);
    });
  });
}
