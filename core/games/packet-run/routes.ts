import { CACHE } from '../../http/cache.ts';
import { mintCapability } from '../../agents/capability.ts';
import { defineRoute } from '../../http/route.ts';
import { gameUnder } from '../catalog.ts';
import { CLASSIC_BOARD, CLASSIC_CHALLENGE } from './board.ts';
import { packetRunRules } from './describe.ts';
import type { RunSetting } from './result.ts';
import { PlayQuerySchema, SubmitBodySchema } from './schema.ts';
import { signedRun } from './signed-result.ts';
import { issueTrial, trialSetting } from './trial.ts';
import { PacketRunResultSchema, RulesResponseSchema, SubmitResponseSchema, TrialResponseSchema } from './responses.ts';
import { summariseRun } from './summary.ts';

const CLASSIC: RunSetting = { mode: 'classic-benchmark', challenge: CLASSIC_CHALLENGE, board: CLASSIC_BOARD, transform: 'identity' };

export const packetRunRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/games/packet-run',
    operationId: 'getPacketRun',
    cache: CACHE.daily,
    summary: 'Packet Run rules, scoring, benchmarks and the classic board',
    responds: { body: RulesResponseSchema },
    handle: (_, arena) => gameUnder(arena.basePath, packetRunRules),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/games/packet-run/trial',
    operationId: 'getPacketRunTrial',
    tool: { name: 'packet_run.trial', title: 'Packet Run: a signed trial board' },
    summary: 'A signed trial board (a random symmetry of the classic board) and its challenge token',
    responds: { body: TrialResponseSchema },
    handle: (_, arena) => issueTrial(arena),
  }),
  defineRoute({
    method: 'GET',
    path: '/api/games/packet-run/play',
    operationId: 'playPacketRun',
    tool: { name: 'packet_run.play', title: 'Play Packet Run on the classic board', summarise: summariseRun },
    summary: 'Play the classic board from a query string and get the result with its receipt',
    query: PlayQuerySchema,
    responds: { body: PacketRunResultSchema },
    handle: ({ query }, arena) => signedRun(arena, CLASSIC, query.actions, query.agent === undefined ? undefined : { name: query.agent }),
  }),
  defineRoute({
    method: 'POST',
    path: '/api/games/packet-run/submit',
    operationId: 'submitPacketRunTrial',
    tool: { name: 'packet_run.submit', title: 'Packet Run: submit a tape (classic or signed trial)', summarise: summariseRun },
    summary: 'Submit a tape for the classic board, or for a signed trial with its challengeToken',
    body: SubmitBodySchema,
    responds: { body: SubmitResponseSchema },
    handle: async ({ body }, arena) => {
      const setting = body.challengeToken === undefined ? CLASSIC : await trialSetting(arena, body.challengeToken);
      const run = await signedRun(arena, setting, body.actions, body.agent);
      // A finished signed trial is proof of play: it carries a private Clubhouse registration capability.
      if (setting.mode !== 'signed-trial' || !run.reachedExit) return run;
      return { ...run, registrationCapability: await mintCapability(arena, run.receipt.checksum) };
    },
  }),
];
