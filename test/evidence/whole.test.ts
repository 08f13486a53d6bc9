import fc from 'fast-check';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyCommand } from '../../cli/verify.ts';
import { pathText, type Path } from '../../core/evidence/compare.ts';
import { MAX_BODY_BYTES } from '../../core/http/json-body.ts';
import { commitmentOf } from '../../core/games/triad-duel/commitment.ts';
import type { Move } from '../../core/games/triad-duel/moves.ts';
import { finishingTape, freshKey, freshNonce } from '../support/fixtures/league.ts';
import { REPOSITORY } from '../support/readme.ts';
import { inProcessArena } from '../support/in-process-arena.ts';

/**
 * Evidence is all or nothing: a file verifies only if every field it shows equals what its
 * token signs, but the few its form names as unsigned. Every form of every kind of evidence the
 * arena hands out is verified whole, then edited anywhere (a value changed, a member added or
 * removed, at any depth) and refused, with the reason naming the field, on the route
 * (`POST /api/receipts/verify`) and in the CLI (`agent-arena verify <file> --jwks <file>`).
 */

type Json = Record<string, unknown>;
interface Evidence {
  name: string;
  file: Json;
  form: string;
  unsigned: string[];
  /** A member the file may do without: without it, it is another form of the same evidence. */
  companion?: string;
}

let arena: Awaited<ReturnType<typeof inProcessArena>>;
let folder: string;
let jwks: string;
const evidence: Evidence[] = [];

const ATTEMPT_UNSIGNED = ['id', 'agentId', 'kind', 'number', 'declaration.handle', 'createdAt', 'url', 'result.receipt.jwks'];
const within = (prefix: string) => ATTEMPT_UNSIGNED.map((path) => `${prefix}.${path}`);

beforeAll(async () => {
  arena = await inProcessArena('2026-11-21T12:00:00Z');
  folder = await mkdtemp(join(tmpdir(), 'arena-evidence-'));
  jwks = join(folder, 'jwks.json');
  await writeFile(jwks, JSON.stringify((await arena.call('/.well-known/jwks.json')).body));
  const add = (name: string, file: Json, form: string, unsigned: string[], companion?: string) => evidence.push({ name, file, form, unsigned, companion });

  // Packet Run: the classic board by GET and by POST, a finished signed trial with its capability.
  const played = (await arena.call('/api/games/packet-run/play?actions=UURRUURUURRRDUUR&agent=runner')).body;
  add('a classic run', played, 'a Packet Run run', ['receipt.jwks']);
  add('a Packet Run receipt object', played.receipt, 'a receipt', ['jwks']);
  const submitted = await arena.post('/api/games/packet-run/submit', { actions: 'UURRDDLLRRUU', agent: { name: 'a', model: 'm', sentBy: 's' } });
  add('a classic submit answer', submitted.body, 'a Packet Run run', ['receipt.jwks']);
  const trial = (await arena.call('/api/games/packet-run/trial')).body;
  const finished = (await arena.post('/api/games/packet-run/submit', { actions: `${finishingTape(trial.board)}LR`, challengeToken: trial.challengeToken })).body;
  expect(finished.registrationCapability).toBeDefined();
  add('a finished trial', finished, 'a Packet Run run', ['receipt.jwks', 'registrationCapability']);

  // The league: a join answer, a submit answer, the attempt's record, its export line, its run.
  const league = (await arena.call('/api/league')).body;
  const joined = await arena.post(
    '/api/league/join',
    {
      challengeToken: league.challengeToken,
      actions: finishingTape(league.board),
      registrationNonce: freshNonce(),
      agent: { handle: 'evidence-whole', model: 'a model', sentBy: 'a test' },
    },
    { 'idempotency-key': freshKey() },
  );
  expect(joined.status).toBe(200);
  add('a league join answer', joined.body, 'a league join answer', [
    'apiKey',
    'keyGeneration',
    'keyCreatedAt',
    'keyNotice',
    'created',
    'agent',
    'remainingAttempts',
    ...within('attempt'),
  ]);
  const submit = await arena.post(
    '/api/league/submit',
    { challengeToken: league.challengeToken, actions: `${finishingTape(league.board).slice(0, 5)}UDLRRLDU` },
    { authorization: `Bearer ${joined.body.apiKey}`, 'idempotency-key': freshKey() },
  );
  expect(submit.status).toBe(200);
  add('a league submit answer', submit.body, 'a league submit answer', ['remainingAttempts', ...within('attempt')]);
  add('a league attempt', (await arena.call(submit.body.attempt.url)).body, 'a league attempt', ATTEMPT_UNSIGNED);
  const lines = await (await arena.arena.fetch(new Request('http://arena.test/api/exports/attempts?date=2026-11-21'))).text();
  add('an export line', JSON.parse(lines.split('\n')[0]!), 'a league attempt', ATTEMPT_UNSIGNED);
  add('a league run', submit.body.attempt.result, 'a Packet Run run', ['receipt.jwks']);

  // Triad Duel: a reveal answer, a verify answer with the token it was asked with, a receipt object.
  const { circuit } = (await arena.call('/api/games/triad-duel')).body;
  const moves = 'RPSRPSRPSRPS';
  const nonce = 'evidence-is-all-or-nothing';
  const invited = (await arena.call(`/api/games/triad-duel/invite?commitment=${commitmentOf(circuit.id, [...moves] as Move[], nonce)}&circuit=${circuit.id}&challenger=c&model=m`))
    .body;
  const responded = (await arena.call(`/api/games/triad-duel/respond?inviteToken=${invited.inviteToken}&moves=SSRRPPRSPRSP&responder=r`)).body;
  const revealed = (await arena.call(`/api/games/triad-duel/reveal?responseToken=${responded.responseToken}&moves=${moves}&nonce=${nonce}`)).body;
  add('a Triad Duel reveal answer', revealed, 'a Triad Duel reveal answer', ['receipt.jwks', 'watchUrl']);
  const verified = (await arena.call(`/api/games/triad-duel/verify?receiptToken=${revealed.receiptToken}`)).body;
  add('a Triad Duel verify answer', { ...verified, receiptToken: revealed.receiptToken }, 'a Triad Duel verify answer with its receiptToken', []);
  add('a Triad Duel receipt object', revealed.receipt, 'a receipt', ['jwks']);

  // State Forge: compile and inspect answers, play answers with and without their capsule.
  const definition = JSON.parse(await readFile(join(REPOSITORY, 'examples/forge/rope-bridge.json'), 'utf8'));
  const compiled = (await arena.post('/api/games/state-forge/compile', definition)).body;
  add('a State Forge compile answer', compiled, 'a State Forge compile answer', []);
  const inspected = (await arena.post('/api/games/state-forge/inspect', { capsule: compiled.capsule })).body;
  add('a State Forge inspect answer', { ...inspected, capsule: compiled.capsule }, 'a State Forge inspect answer with its capsule', []);
  const play = (await arena.post('/api/games/state-forge/play', { capsule: compiled.capsule, actions: ['step', 'hold', 'step', 'step'], player: { name: 'p' } })).body;
  add('a State Forge play answer', play, 'a State Forge play answer', ['replay', 'receipt.jwks']);
  add('a State Forge play answer with its capsule', { ...play, capsule: compiled.capsule }, 'a State Forge play answer with its capsule', ['receipt.jwks'], 'capsule');
  add('a State Forge receipt object', play.receipt, 'a receipt', ['jwks']);
}, 60_000);
afterAll(() => rm(folder, { recursive: true, force: true }));

/** The verdict of `POST /api/receipts/verify`; undefined for a body over the arena's limit, refused whatever it holds. */
async function onTheRoute(file: unknown) {
  const answer = await arena.post('/api/receipts/verify', { evidence: file });
  if (new TextEncoder().encode(JSON.stringify({ evidence: file })).length > MAX_BODY_BYTES) {
    expect(answer.status).toBe(413);
    return undefined;
  }
  expect(answer.status).toBe(200);
  return answer.body;
}

/** What `agent-arena verify <file> --jwks <file>` prints, and its exit code, run in this process. */
async function inTheCli(file: unknown, json = false) {
  const path = join(folder, 'evidence.json');
  await writeFile(path, JSON.stringify(file));
  const lines: string[] = [];
  const code = await verifyCommand.run([path], { json, write: (text) => lines.push(text) }, { jwks });
  return { code, printed: lines.join('\n') };
}

describe('evidence, all or nothing', () => {
  it('verifies every form of every kind whole, listing the few fields no token can vouch for', async () => {
    for (const { name, file, form, unsigned } of evidence) {
      expect(await onTheRoute(file), name).toMatchObject({ valid: true, form, unsigned });
      const { code, printed } = await inTheCli(file, true);
      expect(code, name).toBe(0);
      expect(JSON.parse(printed), name).toMatchObject({ valid: true, form, unsigned });
    }
  });

  it('refuses a run holding text that is not well-formed Unicode, which has no checksum, rather than failing', async () => {
    const run = evidence.find(({ name }) => name === 'a classic submit answer')!.file;
    const edited = { ...run, declaration: { ...(run.declaration as Json), name: 'a\ud800' } };
    const reason =
      'one of declaration.name, declaration.model, declaration.sentBy: the result holds text that is not well-formed Unicode, so it has no checksum, and no rule of the game ties these fields to any other';
    expect(await onTheRoute(edited)).toEqual({ valid: false, reason });
    expect(await inTheCli(edited)).toEqual({ code: 1, printed: `not valid: ${reason}` });
  });

  it('refuses any edit of any field of any kind, naming the field: on the route and in the CLI', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...evidence).chain((held) => editOf(held).map((edit) => ({ held, edit }))),
        async ({ held, edit }) => {
          const edited = edit.apply(structuredClone(held.file));
          const { code, printed } = await inTheCli(edited);
          expect(code, `${held.name}, ${edit.what}: ${printed}`).toBe(1);
          const reason = printed.replace(/^not valid: /, '');
          expectNamed(reason, edit, held);
          const verdict = await onTheRoute(edited);
          if (verdict) expect(verdict).toEqual({ valid: false, reason });
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});

interface Edit {
  what: string;
  /** The field the reason must name (or name a field within). */
  named: Path;
  apply(file: Json): Json;
}

/** Strings a field of evidence could plausibly hold instead of its own. */
const PLAUSIBLE = [
  'move',
  'collision',
  'hazard',
  'signal',
  'exit',
  'ignored',
  'terminal',
  'U',
  'D',
  'L',
  'R',
  'P',
  'S',
  'LIME',
  'CYAN',
  'VIOLET',
  'CORAL',
  'WHITE',
  'AMBER',
  'challenger',
  'responder',
  'tie',
  'draw',
  'challenger-wins',
  'responder-wins',
  'win',
  'lose',
  'identity',
  'rotate-90',
  'flip-diagonal',
  'classic-benchmark',
  'signed-trial',
  'daily-shared-league-board',
  'GOLD',
  'OBSIDIAN',
  '1.0.0',
  '2.0.0',
  '',
];

function replacementFor(value: unknown): fc.Arbitrary<unknown> {
  const any = fc.jsonValue({ maxDepth: 2 });
  if (typeof value === 'number')
    return fc.oneof(
      fc
        .integer({ min: -3, max: 3 })
        .filter((step) => step !== 0)
        .map((step) => value + step),
      any,
    );
  if (typeof value === 'boolean') return fc.oneof(fc.constant(!value), any);
  if (typeof value === 'string')
    return fc.oneof(
      fc.constantFrom(...PLAUSIBLE),
      fc.string({ minLength: 1, maxLength: 3 }).map((more) => value + more),
      any,
    );
  return any;
}

/** Every value in `value` below its root, with its path. */
function places(value: unknown, path: Path = []): { path: Path; value: unknown }[] {
  const inner = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : isObject(value) ? Object.entries(value) : [];
  return inner.flatMap(([key, item]) => [{ path: [...path, key], value: item }, ...places(item, [...path, key])]);
}

/** An edit of `held` anywhere but where it is unsigned: a value changed, a member or item added or removed. */
function editOf(held: Evidence): fc.Arbitrary<Edit> {
  const signed = (path: Path) =>
    !held.unsigned.some((unsigned) =>
      [pathText(path), pathText(path.slice(0, -1))].some((text) => text === unsigned || text.startsWith(`${unsigned}.`) || text.startsWith(`${unsigned}[`)),
    );
  const all = places(held.file).filter(({ path }) => signed(path));
  const containers = [{ path: [] as Path, value: held.file as unknown }, ...all].filter(({ value }) => typeof value === 'object' && value !== null);
  const change = fc.constantFrom(...all).chain(({ path, value }) =>
    replacementFor(value)
      .filter((other) => JSON.stringify(other) !== JSON.stringify(value))
      .map((other): Edit => ({ what: `${pathText(path)} changed to ${JSON.stringify(other)}`, named: path, apply: (file) => set(file, path, other) })),
  );
  const add = fc.tuple(fc.constantFrom(...containers), fc.string({ minLength: 1, maxLength: 8 }), fc.jsonValue({ maxDepth: 2 })).map(([{ path, value }, name, item]): Edit => {
    if (Array.isArray(value)) return { what: `an item added to ${pathText(path)}`, named: path, apply: (file) => set(file, path, [...value, item]) };
    const member = Object.hasOwn(value as Json, name) ? `${name}-added` : name;
    return { what: `${pathText([...path, member])} added`, named: [...path, member], apply: (file) => set(file, path, { ...(value as Json), ...define(member, item) }) };
  });
  const remove = fc.constantFrom(...all.filter(({ path }) => pathText(path) !== held.companion)).map(({ path }): Edit => {
    const parent = path.slice(0, -1);
    const key = path.at(-1)!;
    return typeof key === 'number'
      ? {
          what: `${pathText(path)} removed`,
          named: parent,
          apply: (file) =>
            set(
              file,
              parent,
              (at(file, parent) as unknown[]).filter((_, index) => index !== key),
            ),
        }
      : {
          what: `${pathText(path)} removed`,
          named: path,
          apply: (file) => set(file, parent, Object.fromEntries(Object.entries(at(file, parent) as Json).filter(([name]) => name !== key))),
        };
  });
  return fc.oneof(change, add, remove);
}

/**
 * The reason names the edited field, or a field within it (an edit that replaced an object),
 * or, when it held one of several candidates, lists it among them. A file left with no token
 * at all has nothing to verify, and says so.
 */
function expectNamed(reason: string, edit: Edit, held: Evidence) {
  const named = pathText(edit.named);
  const what = `${held.name}, ${edit.what}: ${reason}`;
  const isWithin = (path: string) => path === named || path.startsWith(`${named}.`) || path.startsWith(`${named}[`) || edit.named.length === 0;
  const tokensLeft = places(held.file).filter(
    ({ path, value }) =>
      typeof value === 'string' &&
      /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(value) &&
      !isWithin(pathText(path)) &&
      !held.unsigned.some((unsigned) => pathText(path).startsWith(`${unsigned}.`)),
  );
  if (reason.startsWith('no token found')) {
    expect(tokensLeft, what).toEqual([]);
    return;
  }
  if (reason.startsWith('one of ')) {
    const candidates = reason.slice('one of '.length, reason.indexOf(': ')).split(', ');
    expect(candidates.some(isWithin), what).toBe(true);
    return;
  }
  expect([`${named}: `, `${named}.`, `${named}[`].some((start) => reason.startsWith(start)) || edit.named.length === 0, what).toBe(true);
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** One member, defined as data even when its name is `__proto__`. */
function define(name: string, value: unknown): Json {
  return Object.defineProperty({}, name, { value, enumerable: true, writable: true, configurable: true });
}

function at(file: unknown, path: Path): unknown {
  return path.reduce<unknown>((inner, key) => (inner as Record<string | number, unknown>)[key], file);
}

function set(file: Json, path: Path, value: unknown): Json {
  if (path.length === 0) return value as Json;
  const parent = at(file, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path.at(-1)!;
  if (Array.isArray(parent)) parent[key as number] = value;
  else Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  return file;
}
