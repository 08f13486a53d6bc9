import { afterAll, beforeAll, describe } from 'vitest';
import { encodeBase64Url, randomSeed } from '../../core/index.ts';
import { startArena, type RunningArena, type Runtime } from '../support/servers.ts';
import { arrivalHall } from './arrival.ts';
import { caching } from './caching.ts';
import { clubhouse } from './clubhouse.ts';
import { statusDocuments } from './documents.ts';
import { deepJson } from './deep-json.ts';
import { EVENTS_HEARTBEAT_MS, liveEvents } from './events.ts';
import { openData } from './exports.ts';
import { healthProbes } from './health.ts';
import { requestIds } from './request-ids.ts';
import { discoveryLinks } from './links.ts';
import { httpConventions } from './http-conventions.ts';
import { idempotencyOnEveryWrite } from './idempotency.ts';
import { league } from './league.ts';
import { arenaKeys } from './keys.ts';
import { metrics } from './metrics.ts';
import { openApi } from './openapi.ts';
import { packetRun } from './packet-run.ts';
import { humanPages } from './pages.ts';
import { remoteTools } from './remote.ts';
import { rulesDesk } from './rules-desk.ts';
import { signedEvidence } from './signed-evidence.ts';
import { stateForge } from './state-forge.ts';
import { triadDuel } from './triad-duel.ts';

/** The conformance servers' daily arrival cap: small, so the 429 is reached. */
export const ARRIVAL_CAP = 6;

/**
 * What every conformance group receives: the server's base URL (its origin and base path), the
 * base path alone (`''` at the root), the seed it signs with, its operator token.
 */
export interface Target {
  runtime: Runtime;
  baseUrl(): string;
  /** What every link the arena makes starts with: `''`, or the path it is mounted under (`/arena`). */
  basePath: string;
  signingSeed: Uint8Array;
  operatorToken: string;
}

/**
 * The one HTTP conformance suite, run unchanged against a real server on each runtime; on Node,
 * optionally another Node line's executable (`version` names it in the suite's title); and
 * optionally with the arena mounted under `basePath` (`ARENA_BASE_PATH`), every request and
 * link then under it.
 */
export function defineConformance(runtime: Runtime, node?: { version: string; executable: string }, basePath = ''): void {
  describe(`conformance on ${runtime}${node ? ` ${node.version}` : ''}${basePath ? ` under ${basePath}` : ''}`, () => {
    const signingSeed = randomSeed();
    const operatorToken = `operator-${encodeBase64Url(randomSeed())}`;
    let arena: RunningArena | undefined;
    beforeAll(async () => {
      arena = await startArena(
        runtime,
        {
          ARENA_SIGNING_KEY: encodeBase64Url(signingSeed),
          ARENA_OPERATOR_TOKEN: operatorToken,
          ARENA_ARRIVAL_DAILY_CAP: String(ARRIVAL_CAP),
          ARENA_EVENTS_HEARTBEAT_MS: String(EVENTS_HEARTBEAT_MS),
          ...(basePath ? { ARENA_BASE_PATH: basePath } : {}),
        },
        node?.executable,
      );
    });
    afterAll(async () => arena?.stop());
    const target: Target = {
      runtime,
      basePath,
      signingSeed,
      operatorToken,
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
    arenaKeys(target);
    clubhouse(target);
    rulesDesk(target);
    idempotencyOnEveryWrite(target);
    arrivalHall(target);
    openData(target);
    liveEvents(target);
    openApi(target);
    statusDocuments(target);
    discoveryLinks(target);
    remoteTools(target);
    humanPages(target);
    healthProbes(target);
    requestIds(target);
    metrics(target);
    caching(target);
    // Last: it joins an agent, and the groups above count the field from empty.
    deepJson(target);
  });
}
