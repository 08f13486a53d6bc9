import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { finishingTape } from '../support/fixtures/league.ts';
import { commitmentOf } from '../../core/games/triad-duel/commitment.ts';
import type { Move } from '../../core/games/triad-duel/moves.ts';
import { inProcessArena } from '../support/in-process-arena.ts';
import { REPOSITORY } from '../support/readme.ts';

/** Loaded first into a process: any request it makes over the network fails, as with the network off. */
const OFFLINE = `data:text/javascript,${encodeURIComponent("globalThis.fetch = () => Promise.reject(new TypeError('fetch failed: this process is offline'));")}`;

/** `agent-arena verify …` as a reader runs it (bin/agent-arena.mjs), with `input` on stdin; `offline`: with no network to reach. */
function verify(args: string[], input = '', offline = false): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(process.execPath, [...(offline ? ['--import', OFFLINE] : []), join(REPOSITORY, 'bin/agent-arena.mjs'), 'verify', ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
    child.stdin!.end(input);
  });
}

let folder: string;
let jwks: string;
let otherJwks: string;
let arena: Awaited<ReturnType<typeof inProcessArena>>;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'arena-verify-'));
  arena = await inProcessArena('2026-11-21T12:00:00Z');
  jwks = join(folder, 'jwks.json');
  await writeFile(jwks, JSON.stringify((await arena.call('/.well-known/jwks.json')).body));
  // Another arena's keys: they verify nothing this one signed.
  otherJwks = join(folder, 'other-jwks.json');
  await writeFile(otherJwks, JSON.stringify((await (await inProcessArena('2026-11-21T12:00:00Z')).call('/.well-known/jwks.json')).body));
});
afterAll(() => rm(folder, { recursive: true, force: true }));

/** A duel played through the arena's own routes, up to its reveal answer. */
async function revealedDuel(on: typeof arena) {
  const { circuit } = (await on.call('/api/games/triad-duel')).body;
  const moves = 'RRRRPPPPSSSS';
  const nonce = 'a-nonce-of-sixteen-or-more';
  const commitment = commitmentOf(circuit.id, [...moves] as Move[], nonce);
  const invited = (await on.call(`/api/games/triad-duel/invite?commitment=${commitment}&circuit=${circuit.id}&challenger=c`)).body;
  const responded = (await on.call(`/api/games/triad-duel/respond?inviteToken=${invited.inviteToken}&moves=SSSSRRRRPPPP&responder=r`)).body;
  return (await on.call(`/api/games/triad-duel/reveal?responseToken=${responded.responseToken}&moves=${moves}&nonce=${nonce}`)).body;
}

const saved = async (name: string, value: unknown) => {
  const file = join(folder, name);
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
};

describe('agent-arena verify, offline with a JWKS file', () => {
  it('verifies a Packet Run result and its receipt, and refuses it tampered with or under other keys', async () => {
    const run = (await arena.call('/api/games/packet-run/play?actions=UURRUURUURRRDUUR')).body;
    const valid = await verify([await saved('run.json', run), '--jwks', jwks], '', true);
    expect(valid.code, valid.stderr).toBe(0);
    expect(valid.stdout).toMatch(/^valid: a packet-run receipt signed \S+, as a Packet Run run; checked signature, kind, checksum, fields; unsigned: receipt\.jwks\n$/);

    const inflated = await verify([await saved('inflated.json', { ...run, breakdown: { ...run.breakdown, total: 99 } }), '--jwks', jwks, '--json'], '', true);
    expect(inflated.code).toBe(1);
    expect(JSON.parse(inflated.stdout)).toEqual({ valid: false, reason: 'breakdown.total: the file says 99; the receipt signs 76' });

    const [header, payload, signature] = run.receipt.token.split('.');
    const forged = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await verify(['-', '--jwks', jwks], JSON.stringify({ ...run, receipt: { ...run.receipt, token: forged } }))).code).toBe(1);
    const elsewhere = await verify([await saved('run.json', run), '--jwks', otherJwks]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stdout).toContain('not valid');
  }, 60_000);

  it('verifies a finished trial, whose private registration capability is not part of what was signed', async () => {
    const trial = (await arena.call('/api/games/packet-run/trial')).body;
    const run = (await arena.post('/api/games/packet-run/submit', { actions: finishingTape(trial.board), challengeToken: trial.challengeToken })).body;
    expect(run.registrationCapability).toBeDefined();
    expect((await verify(['-', '--jwks', jwks], JSON.stringify(run))).code).toBe(0);
  }, 60_000);

  it('verifies a Triad Duel receipt from its bare token: signature, checksum, commitment and replay', async () => {
    const [fixture] = (await arena.call('/api/games/triad-duel/archive')).body.fixtures;
    const { code, stdout } = await verify(['--jwks', jwks, '--json'], fixture.receiptToken);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ valid: true, kind: 'receipt', game: 'triad-duel', checked: ['signature', 'kind', 'checksum', 'commitment', 'replay'] });
  }, 60_000);

  it('refuses a revealed duel whose visible totals differ from what its receipt signs, naming the field', async () => {
    const revealed = await revealedDuel(arena);
    expect((await verify([await saved('reveal.json', revealed), '--jwks', jwks])).code).toBe(0);
    const inflated = { ...revealed, totals: { ...revealed.totals, responder: 99 } };
    const { code, stdout } = await verify([await saved('inflated-reveal.json', inflated), '--jwks', jwks]);
    expect(code).toBe(1);
    expect(stdout).toBe(`not valid: totals.responder: the file says 99; the receipt signs ${revealed.totals.responder}\n`);
  }, 60_000);

  it('verifies a State Forge capsule and a play’s receipt with the evidence it holds', async () => {
    const definition = JSON.parse(await readFile(join(REPOSITORY, 'examples/forge/rope-bridge.json'), 'utf8'));
    const compiled = (await arena.post('/api/games/state-forge/compile', definition)).body;
    const { capsule } = compiled;
    expect(JSON.parse((await verify(['--jwks', jwks, '--json'], JSON.stringify(compiled))).stdout)).toMatchObject({
      valid: true,
      kind: 'capsule',
      form: 'a State Forge compile answer',
      checked: ['signature', 'kind', 'audit', 'fields'],
      unsigned: [],
    });
    expect(JSON.parse((await verify(['--jwks', jwks, '--json'], capsule)).stdout)).toMatchObject({ valid: true, kind: 'capsule', form: 'a bare token' });
    const play = (await arena.post('/api/games/state-forge/play', { capsule, actions: ['step', 'hold', 'step'] })).body;
    expect(JSON.parse((await verify(['--jwks', jwks, '--json'], JSON.stringify(play))).stdout)).toMatchObject({
      valid: true,
      kind: 'forge-receipt',
      checked: ['signature', 'kind', 'checksum', 'fields'],
      unsigned: ['replay', 'receipt.jwks'],
    });
    const altered = { ...play, evidence: { ...play.evidence, score: play.evidence.score + 1 } };
    expect((await verify(['--jwks', jwks], JSON.stringify(altered))).stdout).toBe(
      `not valid: evidence.score: the file says ${play.evidence.score + 1}; the receipt signs ${play.evidence.score}\n`,
    );
    // With the capsule it was played on beside it, the replay is played again and held to it too.
    const withCapsule = await verify(['--jwks', jwks], JSON.stringify({ ...play, capsule }));
    expect(withCapsule.stdout).toMatch(/, as a State Forge play answer with its capsule; checked signature, kind, checksum, replay, fields; unsigned: receipt\.jwks\n$/);
    const replayed = { ...play, capsule, replay: play.replay.map((frame: { score: number }, index: number) => (index === 1 ? { ...frame, score: frame.score + 5 } : frame)) };
    expect((await verify(['--jwks', jwks], JSON.stringify(replayed))).stdout).toMatch(/^not valid: replay\[1\]\.score: /);
  }, 60_000);

  it('takes the JWKS from a URL, and refuses with its usage what it cannot use', async () => {
    const body = await readFile(jwks, 'utf8');
    const server: Server = createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(body));
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    try {
      const run = (await arena.call('/api/games/packet-run/play?actions=UURR')).body;
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/.well-known/jwks.json`;
      expect((await verify(['--jwks', url], JSON.stringify(run))).code).toBe(0);
      // The same with no network: the URL cannot be read, which is a usage error, not a verdict.
      expect((await verify(['--jwks', url], JSON.stringify(run), true)).code).toBe(2);
    } finally {
      server.close();
    }
    for (const [args, input] of [
      [[], '{}'],
      [['--jwks', join(folder, 'missing.json')], '{}'],
      [['--jwks', await saved('not-a-jwks.json', { keys: [{ kty: 'RSA' }] })], '{}'],
    ] as const) {
      const refused = await verify([...args], input);
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr, args.join(' ')).toContain('usage: agent-arena verify');
    }
    const nothing = await verify(['--jwks', jwks], '{"hello": "world"}');
    expect(nothing.code).toBe(1);
    expect(nothing.stdout).toContain('no token found');
  }, 60_000);
});
