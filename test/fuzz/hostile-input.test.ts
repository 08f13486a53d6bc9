import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { LEGACY_MCP_VERSION } from '../../core/remote/mcp/versions.ts';
import type { OpenApiDocument } from '../openapi/published.ts';
import { joinedAgent } from '../support/agents.ts';
import { client } from '../support/http.ts';
import { RUNTIMES, startArena, type RunningArena } from '../support/servers.ts';
import { bridgeOperations, type ListedTool } from './bridges.ts';
import { describedOperations, DocumentSchemas, protocolStatuses, type DescribedOperation } from './document.ts';
import { RealValues } from './real-values.ts';
import { almostValid, anyShape, type Material } from './requests.ts';
import { headBytes, jsonValuesOf, send, type WireAnswer, type WireRequest } from './wire.ts';

/**
 * The seed of every case: random unless given, so a failure replays with
 * `ARENA_FUZZ_SEED=<seed> npx vitest run test/fuzz/hostile-input.test.ts -t 'on <runtime>'`.
 */
const SEED = Number(process.env.ARENA_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** Each runtime's cases are its own: seeds this far apart, one per operation and round within. */
const SEEDS_PER_RUNTIME = 100_000;
/**
 * Cases per operation, after the valid requests that gather real values: by how much it takes
 * that can be made hostile, a body most of all; fewer for a durable write, whose every refusal
 * costs a read of the counts.
 */
function runsFor(operation: DescribedOperation): number {
  if (operation.body) return operation.durable ? 24 : 40;
  return Math.min(2 + 3 * operation.parameters.length, 14);
}

/** Cases per tool and bridge: a tool's arguments are its route's, fuzzed over HTTP too. */
const RUNS_PER_BRIDGED_TOOL = 5;

/**
 * An answer to a request with input (a body, a required parameter): a result, the kind of object
 * a member that takes any object is handed (`{ "evidence": … }`), where a document is not.
 */
const takesInput = (operation: DescribedOperation) => operation.body !== undefined || operation.parameters.some((parameter) => parameter.required && parameter.in !== 'header');
/** Rounds of one valid request per operation: each round's answers fill the next round's requests (a compile's capsule, then a play of it). */
const GATHERING_ROUNDS = 3;

const IMPLEMENTED = new Set(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS']);
const WRITES = new Set(['POST', 'PUT', 'DELETE']);
const BODY_LIMIT = 16_384;
const HEAD_LIMIT = 65_536;

function bytesOf(wire: WireRequest): number {
  if (wire.chunks) return wire.chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  return wire.body === undefined ? 0 : Buffer.byteLength(wire.body);
}

/** The request and its answer, short enough to read in a failure. */
function shown(wire: WireRequest, answer: WireAnswer): string {
  const body = typeof wire.body === 'string' ? ` ${wire.body.slice(0, 300)}` : '';
  return `${wire.method} ${wire.target.slice(0, 160)}${body} → ${answer.status} ${answer.type} ${answer.body.slice(0, 300)}`;
}

/**
 * No 5xx; every 4xx a problem document (or the operation's own protocol's answer, MCP's or
 * A2A's), except where the runtime answers before the arena (docs/protocol/http.md).
 */
function expectAnswered(document: OpenApiDocument, operation: DescribedOperation, wire: WireRequest, answer: WireAnswer): void {
  const where = shown(wire, answer);
  const tooLarge = bytesOf(wire) > BODY_LIMIT;
  const headTooLarge = headBytes(wire) > HEAD_LIMIT;
  // Closed without an answer: after refusing a body past the limit, or (Bun) a method its parser does not know.
  if (answer.type === 'reset') return void expect(tooLarge || headTooLarge || !IMPLEMENTED.has(wire.method), `closed without an answer: ${where}`).toBe(true);
  // workerd's own 431 to a head past 128 KiB carries a body even to HEAD, which no client can read.
  if (answer.type === 'unreadable') return void expect(headBytes(wire) > 2 * HEAD_LIMIT && wire.method === 'HEAD', `not HTTP: ${where}`).toBe(true);
  // 501 is the answer to a method no path takes (TRACE, PATCH, FOO), a refusal and no failure.
  if (answer.status === 501) return void expect(IMPLEMENTED.has(wire.method), where).toBe(false);
  expect(answer.status, where).toBeLessThan(500);
  // The runtime's own bare answer to a head past 64 KiB: 431 on Node and Bun, 400 on Deno (past 128 KiB, 431 on workerd).
  if (headTooLarge && (answer.status === 431 || answer.status === 400)) return;
  expect(answer.status, where).not.toBe(431);
  if (answer.status >= 400 && wire.method !== 'HEAD' && !protocolStatuses(document, operation.path).has(answer.status)) {
    expect(answer.type, where).toBe('application/problem+json');
    expect(JSON.parse(answer.body), where).toMatchObject({ status: answer.status, type: expect.stringMatching(/^\/problems\//) });
  }
}

const sameCounts = (stats: Record<string, unknown>) => ({ ...stats, generatedAt: expect.any(String) });

/**
 * What a bridge answers in its own protocol (a JSON-RPC result, an A2A task) must not carry a
 * failure either: no internal-error problem anywhere, and an MCP tool error is the route's
 * problem document or the MCP server's own check of the tool's input or output against its
 * schemas, never an exception's text.
 */
function expectBridged(wire: WireRequest, answer: WireAnswer): void {
  const where = shown(wire, answer);
  expect(answer.body, where).not.toContain('/problems/internal-error');
  const result =
    answer.status === 200 && answer.type.startsWith('application/json')
      ? (JSON.parse(answer.body) as { result?: { isError?: boolean; content?: { text?: string }[] } }).result
      : undefined;
  if (result?.isError) expect(result.content?.[0]?.text ?? '', where).toMatch(/^\{|^(Input|Output) validation error/);
}

/**
 * Hostile input to every operation `/openapi.json` describes, as the server under test serves it,
 * on every runtime: so an operation, parameter or body member is fuzzed the day it is
 * described. Most requests are valid but for one value (a parameter, or a body member at any
 * depth: lone surrogates, NUL, very long text, numbers at the edges, other types, deep
 * nesting), filled with real values the server gave (tokens, capsules, ids, whole answers) and
 * the credential the operation takes, so they reach past the first checks; the rest are of any
 * shape (odd methods, content types, credentials, bodies that are not JSON or past the limit,
 * chunked). No answer may be a 5xx, every 4xx is a problem (or the operation's protocol's
 * answer), a refused write stores nothing, and the server keeps serving. On Node, every tool
 * MCP lists is fuzzed the same way through both bridges (MCP, A2A), its arguments from its
 * listed input schema.
 */
RUNTIMES.forEach((runtime, index) => {
  describe(`hostile input, on ${runtime}`, () => {
    const seed = SEED + index * SEEDS_PER_RUNTIME;
    const operatorToken = `operator-${encodeBase64Url(randomSeed())}`;
    let arena: RunningArena | undefined;
    const baseUrl = () => arena!.baseUrl;
    const api = client(baseUrl);
    let document: OpenApiDocument;
    let operations: DescribedOperation[];
    let material: Material;
    const withReplay = (run: () => Promise<void>) =>
      run().catch((error: Error) => {
        throw new Error(`${error.message}\n(replay: ARENA_FUZZ_SEED=${SEED} npx vitest run test/fuzz/hostile-input.test.ts -t 'on ${runtime}')`, { cause: error });
      });

    // The counts since the last accepted write: a refused write leaves them as they are.
    const countsNow = async () => (await api.get('/api/stats')).body as Record<string, unknown>;
    let counts: Record<string, unknown>;
    let written = true;

    /** Each operation in turn, `runs` cases of it, from its own seed. */
    async function fuzz(
      fuzzed: readonly DescribedOperation[],
      cases: (operation: DescribedOperation) => fc.Arbitrary<WireRequest>,
      runs: (operation: DescribedOperation) => number,
      check?: (request: WireRequest, answer: WireAnswer) => void,
    ) {
      for (const [at, operation] of fuzzed.entries()) {
        const property = fc.asyncProperty(cases(operation), async (request) => {
          if (operation.durable && written) [counts, written] = [await countsNow(), false];
          const answer = await send(baseUrl(), request);
          expectAnswered(document, operation, request, answer);
          check?.(request, answer);
          if (answer.status < 300) written ||= WRITES.has(request.method);
          else if (operation.durable && answer.status >= 400) expect(await countsNow(), `a refused write stored something: ${shown(request, answer)}`).toEqual(sameCounts(counts));
        });
        await withReplay(() => fc.assert(property, { numRuns: runs(operation), seed: seed + at }));
      }
    }

    // The server, the document it serves, credentials, and real values from valid requests,
    // round after round, each round's answers filling the next one's (a document's answer is
    // the same each round).
    beforeAll(async () => {
      arena = await startArena(runtime, { ARENA_SIGNING_KEY: encodeBase64Url(randomSeed()), ARENA_OPERATOR_TOKEN: operatorToken });
      document = (await api.get('/openapi.json')).body as OpenApiDocument;
      const schemas = new DocumentSchemas(document);
      operations = describedOperations(document, schemas);
      material = {
        schemas,
        real: new RealValues(),
        // A credential for each security scheme the document names: an agent's key, the operator's token.
        credentials: { bearerAuth: (await joinedAgent(baseUrl, 'fuzzed')).key, operatorToken },
      };
      await withReplay(async () => {
        for (let round = 0; round < GATHERING_ROUNDS; round++) {
          for (const [at, operation] of operations.entries()) {
            if (round > 0 && !takesInput(operation)) continue;
            const [request] = fc.sample(almostValid(operation, material, false), { numRuns: 1, seed: seed + 1000 * round + at });
            const answer = await send(baseUrl(), request!);
            expectAnswered(document, operation, request!, answer);
            // The document's own answer describes request members by their names: its values are schemas.
            if (answer.status >= 300 || operation.path === '/openapi.json') continue;
            for (const value of jsonValuesOf(answer)) material.real.add(value, takesInput(operation));
          }
        }
      });
    });
    afterAll(async () => arena?.stop());

    it('to every operation of /openapi.json: never a 5xx, every 4xx a problem (or in its protocol), nothing stored when refused', async () => {
      // Most requests valid but for one value, the rest of any shape.
      const cases = (operation: DescribedOperation) =>
        fc.oneof({ weight: 3, arbitrary: almostValid(operation, material) }, { weight: 1, arbitrary: anyShape(operation, material) });
      await fuzz(operations, cases, runsFor);
      expect((await api.get('/api/games/packet-run/play?actions=UURR')).status).toBe(200);
    }, 240_000);

    // The bridges are the core's own, the same on every runtime, and their transport is fuzzed above.
    it.runIf(runtime === 'node')(
      'to every MCP tool and A2A skill: never a failure, in the answer or inside it',
      async () => {
        const listed = await send(baseUrl(), {
          method: 'POST',
          target: '/api/mcp',
          headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': LEGACY_MCP_VERSION },
          body: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
        });
        const bridged = bridgeOperations((JSON.parse(listed.body) as { result: { tools: ListedTool[] } }).result.tools);
        await fuzz(
          bridged.operations,
          (operation) => almostValid(operation, { ...material, schemas: bridged.schemas }),
          () => RUNS_PER_BRIDGED_TOOL,
          expectBridged,
        );
      },
      120_000,
    );
  });
});
