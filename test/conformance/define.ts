import { afterAll, beforeAll, describe } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { startArena, type RunningArena, type Runtime } from '../support/servers.ts';
import { httpConventions } from './http-conventions.ts';
import { league } from './league.ts';
import { packetRun } from './packet-run.ts';
import { signedEvidence } from './signed-evidence.ts';
import { stateForge } from './state-forge.ts';
import { triadDuel } from './triad-duel.ts';

/** What every conformance group receives: the server's base URL and the seed it signs with. */
export interface Target {
  runtime: Runtime;
  baseUrl(): string;
  signingSeed: Uint8Array;
}

/** The one HTTP conformance suite, run unchanged against a real server on each runtime. */
export function defineConformance(runtime: Runtime): void {
  describe(`conformance on ${runtime}`, () => {
    const signingSeed = randomSeed();
    let arena: RunningArena | undefined;
    beforeAll(async () => {
      arena = await startArena(runtime, { ARENA_SIGNING_KEY: encodeBase64Url(signingSeed) });
    });
    afterAll(async () => arena?.stop());
    const target: Target = {
      runtime,
      signingSeed,
      baseUrl: () => {
        if (!arena) throw new Error(`${runtime} server did not start`);
        return arena.baseUrl;
      },
    };
    httpConventions(target);
    packetRun(target);
    signedEvidence(target);
    triadDuel(target);
    stateForge(target);
    league(target);
  });
}
