import type { ArenaContext } from '../../context.ts';
import { randomId, randomIndex } from '../../crypto/random.ts';
import { HttpError } from '../../http/problem.ts';
import { verifyTokenField } from '../../http/verify-token.ts';
import { CLASSIC_BOARD, CLASSIC_CHALLENGE } from './board.ts';
import type { RunSetting } from './result.ts';
import { TRANSFORM_NAMES, transformBoard, type TransformName } from './transforms.ts';

export const TRIAL_TTL_SECONDS = 15 * 60;

/** A signed trial: the classic board under a random symmetry, valid for 15 minutes. */
export async function issueTrial(arena: ArenaContext) {
  const transform = TRANSFORM_NAMES[randomIndex((n) => arena.randomBytes(n), TRANSFORM_NAMES.length)]!;
  const board = transformBoard(CLASSIC_BOARD, transform);
  const expiresAt = (Math.floor(arena.now() / 1000) + TRIAL_TTL_SECONDS) * 1000;
  const challengeToken = await arena.tokens.sign('trial', { jti: randomId((n) => arena.randomBytes(n)), challenge: CLASSIC_CHALLENGE, transform, board }, { expiresAt });
  return {
    mode: 'signed-trial' as const,
    challenge: CLASSIC_CHALLENGE,
    transform,
    board,
    challengeToken,
    expiresAt: new Date(expiresAt).toISOString(),
    submit: { method: 'POST', url: `${arena.basePath}/api/games/packet-run/submit`, fields: ['actions', 'challengeToken', 'agent'] },
  };
}

/** The board a trial token names; 400 when the token is not a valid, unexpired trial. */
export async function trialSetting(arena: ArenaContext, token: string): Promise<RunSetting> {
  const claims = await verifyTokenField(arena.tokens, 'trial', token, 'challengeToken');
  const transform = claims.transform as TransformName;
  if (!TRANSFORM_NAMES.includes(transform)) throw new HttpError('invalid-token', 'challengeToken names no known board transform');
  // The board is re-derived from the public classic board, not read back from the token.
  return { mode: 'signed-trial', challenge: CLASSIC_CHALLENGE, board: transformBoard(CLASSIC_BOARD, transform), transform };
}
