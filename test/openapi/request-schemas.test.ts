import type { ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { validate, type Route } from '../../core/http/route.ts';
import { testArena } from '../support/arena-context.ts';
import { FORGE_EXAMPLES } from '../support/forge-examples.ts';
import { publishedDocument, requestValidators, type OpenApiDocument } from './published.ts';

/**
 * The published request schemas against the routes' own validation. A published schema may be
 * looser than its route where a rule has no JSON Schema form, but it never refuses what the
 * route accepts; and what the route refuses for a rule JSON Schema can state, it refuses too.
 */

const TOKEN = 'eyJhbGciOiJFZERTQSJ9.e30.c2ln';
const KEY = `arena_${'A'.repeat(43)}`;
const TOPIC = { channel: 'match-analysis', title: 'Why the daily board rewards patience', body: 'Replays attached.' };
const PROPOSAL = { gameId: 'packet-run', title: 'Hazards once', summary: 'A summary.', ruleText: 'A hazard deducts 6 once.', rationale: 'Replays.' };
const CHECK_IN = { displayName: 'Scout', model: 'unknown', sentBy: 'an operator', source: 'llms.txt', purpose: 'Looking around.', operatorAuthorized: true };
const JOIN = {
  challengeToken: TOKEN,
  actions: 'DDRR',
  registrationNonce: 'n'.repeat(32),
  agent: { handle: 'first-agent', displayName: 'First <Agent>', model: 'm', sentBy: 'me' },
};

interface Samples {
  method: string;
  path: string;
  ok: unknown[];
  bad: unknown[];
  /** Refused by the route for a rule the published schema can only describe in words. */
  looser?: unknown[];
}

const BODIES: Samples[] = [
  {
    method: 'post',
    path: '/api/social/topics',
    ok: [
      TOPIC,
      { ...TOPIC, title: 't'.repeat(180), body: 'b'.repeat(8000), tags: ['1', '2', '3', '4', '5', '6', '7', '8'] },
      // Code points, not UTF-16 units: 180 emoji are 360 units.
      { ...TOPIC, title: '😀'.repeat(180), body: 'Line one.\n\tLine two <b>markup</b>' },
    ],
    bad: [
      { ...TOPIC, title: 't'.repeat(181) },
      { ...TOPIC, title: '😀'.repeat(181) },
      { ...TOPIC, body: 'b'.repeat(8001) },
      { ...TOPIC, title: '' },
      { ...TOPIC, title: 'two\nlines' },
      { ...TOPIC, body: 'a bell \u0007' },
      { ...TOPIC, tags: ['1', '2', '3', '4', '5', '6', '7', '8', '9'] },
      { ...TOPIC, tags: ['x'.repeat(33)] },
      { ...TOPIC, tags: ['same', 'same'] },
      { ...TOPIC, body: `my key is ${KEY}` },
      { ...TOPIC, channel: 'nowhere' },
      { ...TOPIC, extra: true },
      { title: 'no channel', body: 'x' },
      [],
    ],
  },
  {
    method: 'post',
    path: '/api/social/topics/{id}/replies',
    ok: [{ body: 'r'.repeat(8000) }, { body: '<a href="javascript:x">reply</a>' }],
    bad: [{ body: 'r'.repeat(8001) }, { body: '' }, {}, { body: 'x', more: 1 }],
  },
  {
    method: 'post',
    path: '/api/social/join',
    ok: [{}, { registrationCapability: TOKEN, agent: { handle: 'nobody-here' } }],
    bad: [{ registrationCapability: '' }, { agent: { handle: 'No Caps' } }, { apiKey: KEY }, []],
  },
  ...(['/api/keys/rotate', '/api/keys/revoke'] as const).map((path) => ({
    method: 'post',
    path,
    ok: [{}, { registrationNonce: 'n'.repeat(32) }, { registrationNonce: 'N_-9'.repeat(32) }, { registrationCapability: TOKEN }],
    bad: [
      { registrationNonce: 'n'.repeat(31) },
      { registrationNonce: 'n'.repeat(129) },
      { registrationNonce: 'not base64url!'.repeat(4) },
      { registrationCapability: '' },
      { apiKey: KEY },
      [],
    ],
  })),
  {
    method: 'post',
    path: '/api/games/packet-run/submit',
    ok: [
      { actions: 'U U R R' },
      { actions: 'u,d;l|r>U-D\t\n\r\f\vR' },
      { actions: 'U'.repeat(20) },
      { actions: ['U', 'r'] },
      { actions: 'UR', agent: { name: 'my-bot', model: 'example-1', sentBy: 'me' }, challengeToken: TOKEN },
    ],
    bad: [
      { actions: '' },
      { actions: ' , ' },
      { actions: 'UxR' },
      { actions: 'U\u00a0R' },
      { actions: 'U'.repeat(21) },
      { actions: `${'U '.repeat(32)}U` },
      { actions: [] },
      { actions: ['UU'] },
      { actions: Array(21).fill('U') },
      { actions: 5 },
      { actions: 'U', agent: { name: 'n'.repeat(81) } },
      { actions: 'U', agent: { handle: 'x' } },
      { actions: 'U', challengeToken: '' },
      {},
    ],
  },
  {
    method: 'post',
    path: '/api/league/join',
    ok: [JOIN, { ...JOIN, actions: ['D', 'D'], agent: { handle: 'abc' } }],
    bad: [
      { ...JOIN, registrationNonce: 'short' },
      { ...JOIN, agent: { handle: 'Has Caps' } },
      { ...JOIN, agent: { handle: 'ab' } },
      { ...JOIN, agent: { handle: 'abc', displayName: '' } },
      (({ agent: _, ...rest }) => rest)(JOIN),
    ],
  },
  {
    method: 'post',
    path: '/api/league/submit',
    ok: [{ challengeToken: TOKEN, actions: 'UURR' }],
    bad: [{ actions: 'UURR' }, { challengeToken: TOKEN, actions: 'UURR', agent: {} }],
  },
  {
    method: 'post',
    path: '/api/rules',
    ok: [PROPOSAL, { ...PROPOSAL, title: 't'.repeat(180), summary: 's'.repeat(1000), ruleText: 'r'.repeat(8000), rationale: 'a'.repeat(4000) }],
    bad: [
      { ...PROPOSAL, title: 't'.repeat(181) },
      { ...PROPOSAL, rationale: 'a'.repeat(4001) },
      { ...PROPOSAL, gameId: 'Packet Run' },
      { ...PROPOSAL, summary: '' },
    ],
  },
  {
    method: 'post',
    path: '/api/rules/{number}/revisions',
    ok: [{ ruleText: 'x' }, { title: 'New', rationale: 'Because.' }],
    bad: [{}, { title: '' }, { gameId: 'packet-run' }],
  },
  {
    method: 'put',
    path: '/api/rules/{number}/review',
    ok: [
      { stance: 'support', comment: 'Yes.' },
      { revision: 2, stance: 'neutral', comment: 'c'.repeat(4000) },
    ],
    bad: [
      { stance: 'maybe', comment: 'x' },
      { stance: 'oppose', comment: '' },
      { revision: 0, stance: 'oppose', comment: 'x' },
      { revision: 1.5, stance: 'oppose', comment: 'x' },
    ],
  },
  {
    method: 'post',
    path: '/api/rules/{number}/status',
    ok: [{ to: 'accepted', reason: 'Agreed.' }],
    bad: [{ to: 'done', reason: 'x' }, { to: 'accepted', reason: 'r'.repeat(501) }, { to: 'accepted' }],
  },
  {
    method: 'post',
    path: '/api/arrival',
    ok: [
      CHECK_IN,
      // Sanitised before its bound: 105 characters sent, "Scout" kept.
      { ...CHECK_IN, displayName: `${' '.repeat(100)}Scout`, handle: 'scout\u0000-1', purpose: 'Line one.\r\nLine two.\u200b' },
    ],
    bad: [
      { ...CHECK_IN, operatorAuthorized: false },
      { ...CHECK_IN, operatorAuthorized: 'true' },
      (({ operatorAuthorized: _, ...rest }) => rest)(CHECK_IN),
      { ...CHECK_IN, displayName: '' },
      { ...CHECK_IN, model: 5 },
      { ...CHECK_IN, purpose: `here is my key ${KEY}` },
    ],
    looser: [
      { ...CHECK_IN, displayName: 'd'.repeat(81) },
      { ...CHECK_IN, displayName: '\u0000\u0007 \n' },
    ],
  },
  {
    method: 'post',
    path: '/api/games/state-forge/play',
    ok: [
      { capsule: TOKEN, actions: ['step'] },
      { capsule: TOKEN, actions: Array(64).fill('hold'), player: { name: 'carol' } },
    ],
    bad: [{ capsule: TOKEN, actions: [] }, { capsule: TOKEN, actions: Array(65).fill('hold') }, { capsule: TOKEN, actions: [1] }, { actions: ['step'] }],
  },
  { method: 'post', path: '/api/games/state-forge/inspect', ok: [{ capsule: TOKEN }], bad: [{ capsule: '' }, { capsule: TOKEN, definition: {} }] },
  { method: 'post', path: '/api/games/state-forge/verify', ok: [{ receipt: TOKEN }], bad: [{}, { receipt: 1 }] },
  {
    method: 'post',
    path: '/api/receipts/verify',
    ok: [{ evidence: TOKEN }, { evidence: { game: 'packet-run', receipt: { token: TOKEN } } }],
    bad: [{}, { evidence: 1 }, { evidence: '' }, { evidence: [TOKEN] }, { evidence: TOKEN, more: true }],
  },
];

let document: OpenApiDocument;
let validators: ReturnType<typeof requestValidators>;
let routes: readonly Route[];
let post: Awaited<ReturnType<typeof publishedDocument>>['arena']['post'];

beforeAll(async () => {
  const published = await publishedDocument();
  document = published.document;
  post = published.arena.post;
  validators = requestValidators(document);
  routes = (await testArena()).routes;
});

const routeAt = (method: string, path: string): Route => {
  const route = routes.find((candidate) => candidate.method === method.toUpperCase() && candidate.path.replace(/\/:(\w+)(?=\/|$)/g, '/{$1}') === path);
  if (!route) throw new Error(`no route ${method} ${path}`);
  return route;
};
/** Whether the route takes `value` as its body, as the router validates it. */
const routeAccepts = (schema: v.GenericSchema | undefined, value: unknown) => {
  try {
    validate(schema!, value, 'body');
    return true;
  } catch {
    return false;
  }
};
const show = (value: unknown) => JSON.stringify(value).slice(0, 120);

describe('published request bodies', () => {
  it('covers every route that reads a body', () => {
    const withBodies = routes.filter((route) => route.body).map((route) => `${route.method.toLowerCase()} ${route.path.replace(/\/:(\w+)(?=\/|$)/g, '/{$1}')}`);
    const sampled = [...BODIES.map((samples) => `${samples.method} ${samples.path}`), 'post /api/games/state-forge/compile'];
    expect(sampled.sort()).toEqual(withBodies.sort());
  });

  it.each(BODIES)('$method $path accepts what the route accepts and refuses what it refuses', ({ method, path, ok, bad, looser = [] }) => {
    const schema = routeAt(method, path).body;
    const published = validators.body(method, path);
    for (const value of ok) {
      expect(routeAccepts(schema, value), `route accepts ${show(value)}`).toBe(true);
      expect(published(value), `published accepts ${show(value)}: ${JSON.stringify(published.errors)}`).toBe(true);
    }
    for (const value of bad) {
      expect(routeAccepts(schema, value), `route refuses ${show(value)}`).toBe(false);
      expect(published(value), `published refuses ${show(value)}`).toBe(false);
    }
    for (const value of looser) {
      expect(routeAccepts(schema, value), `route refuses ${show(value)}`).toBe(false);
      expect(published(value), `published cannot refuse ${show(value)}`).toBe(true);
    }
  });

  it('State Forge compile: a definition bare or wrapped, as the audit takes it', async () => {
    const published = validators.body('post', '/api/games/state-forge/compile');
    for (const { name, definition } of FORGE_EXAMPLES) {
      for (const body of [definition, { definition }]) {
        expect((await post('/api/games/state-forge/compile', body)).status, name).toBe(200);
        expect(published(body), `${name}: ${JSON.stringify(published.errors)}`).toBe(true);
      }
    }
    const example = FORGE_EXAMPLES[0]!.definition;
    for (const body of [
      [],
      { ...example, format: 'state-forge/2' },
      { ...example, maxSteps: 65 },
      { definition: example, format: 'state-forge/1' },
      { definition: 'text' },
      { definition: example, note: 'x' },
    ]) {
      expect((await post('/api/games/state-forge/compile', body)).status, show(body)).toBe(400);
      expect(published(body), show(body)).toBe(false);
    }
  });
});

describe('published schemas where the route runs a parser or counts code points', () => {
  const agree = (published: ValidateFunction, routeSaysYes: boolean, value: unknown, exact: boolean) => {
    if (routeSaysYes) expect(published(value), `published accepts ${show(value)}`).toBe(true);
    else if (exact) expect(published(value), `published refuses ${show(value)}`).toBe(false);
  };

  it('Packet Run tapes: the string form is exactly the parser’s grammar and length, the array form exactly its letters', () => {
    const schema = routeAt('post', '/api/games/packet-run/submit').body;
    const published = validators.body('post', '/api/games/packet-run/submit');
    const character = fc.constantFrom('U', 'd', 'L', 'r', 'x', ' ', '\t', '\n', '\v', '\f', '\r', ',', ';', '|', '>', '-', '\u00a0', '😀', 'UD');
    const actions = fc.oneof(
      fc.array(character, { maxLength: 70 }).map((parts) => parts.join('')),
      fc.array(character, { maxLength: 22 }),
    );
    fc.assert(
      fc.property(actions, (value) => agree(published, routeAccepts(schema, { actions: value }), { actions: value }, true)),
      { numRuns: 500 },
    );

    const query = routeAt('get', '/api/games/packet-run/play').query;
    const parameter = validators.query('get', '/api/games/packet-run/play', 'actions');
    const text = fc.array(character, { maxLength: 24 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (value) => agree(parameter, routeAccepts(query, { actions: value }), value, true)),
      { numRuns: 300 },
    );
  });

  it('page sizes: published as the integers 1 to 100, which the route takes written as numbers are', () => {
    for (const [method, path] of [
      ['get', '/api/league/attempts'],
      ['get', '/api/leaderboard'],
      ['get', '/api/social/topics'],
    ] as const) {
      const query = routeAt(method, path).query;
      const published = validators.query(method, path, 'limit');
      for (let n = -3; n <= 1003; n++) expect(published(n), `${path} limit=${n}`).toBe(routeAccepts(query, { limit: String(n) }));
      expect(published('20'), 'a number, not its text').toBe(false);
    }
  });

  it('Triad Duel sequences: exactly twelve of R, P, S, four of each, in either case', () => {
    const query = routeAt('get', '/api/games/triad-duel/respond').query;
    const published = validators.query('get', '/api/games/triad-duel/respond', 'moves');
    const valid = fc
      .tuple(fc.shuffledSubarray([...'RRRRPPPPSSSS'], { minLength: 12, maxLength: 12 }), fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }))
      .map(([moves, lower]) => moves.map((move, i) => (lower[i] ? move.toLowerCase() : move)).join(''));
    const near = fc.array(fc.constantFrom('R', 'P', 'S', 'r', 'x', ' '), { minLength: 10, maxLength: 14 }).map((moves) => moves.join(''));
    fc.assert(
      fc.property(fc.oneof(valid, near), (moves) => agree(published, routeAccepts(query, { inviteToken: TOKEN, moves }), moves, true)),
      { numRuns: 500 },
    );
  });

  it('Triad Duel nonces: exactly 16 to 128 printable ASCII characters, punctuation included', () => {
    const query = routeAt('get', '/api/games/triad-duel/reveal').query;
    const published = validators.query('get', '/api/games/triad-duel/reveal', 'nonce');
    const character = fc.oneof(
      fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)),
      fc.constantFrom('!', '+', '/', '=', ' ', '\t', '\u007f', 'é', '😀'),
    );
    const nonce = fc.array(character, { minLength: 14, maxLength: 130 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(nonce, (value) => agree(published, routeAccepts(query, { responseToken: TOKEN, moves: 'RRRRPPPPSSSS', nonce: value }), value, true)),
      { numRuns: 500 },
    );
    for (const value of ['!+/=!+/=!+/=!+/=', '~'.repeat(128)]) expect(routeAccepts(query, { responseToken: TOKEN, moves: 'RRRRPPPPSSSS', nonce: value }), value).toBe(true);
  });

  it('declared text: bounded in code points, no control characters, no arena key; exact for well-formed text', () => {
    const schema = routeAt('post', '/api/social/topics').body;
    const published = validators.body('post', '/api/social/topics');
    const piece = fc.oneof(fc.string({ unit: 'binary', maxLength: 4 }), fc.constantFrom('t', '😀', '\n', '\t', '\u0085', '\u009f', '\u200b', KEY, 'arena_', '\ud800'));
    const title = fc.oneof(
      fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
      fc.tuple(fc.integer({ min: 170, max: 185 }), piece).map(([length, extra]) => 't'.repeat(length) + extra),
    );
    fc.assert(
      fc.property(title, (value) => agree(published, routeAccepts(schema, { ...TOPIC, title: value }), { ...TOPIC, title: value }, value.isWellFormed())),
      { numRuns: 500 },
    );
  });
});
