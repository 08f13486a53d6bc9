/** The minimal submit's listener on a ledger and the arena's keys, its clock and randomness injectable as the arena's are (for tests). */
import type { RequestListener } from 'node:http';
import { createKeyRing } from '../../../core/crypto/key-ring.ts';
import { createTokens } from '../../../core/crypto/tokens.ts';
import { leagueDay } from './league-day.ts';
import type { Ledger } from './ledger.ts';
import { submitListener } from './listener.ts';

export interface MinimalSubmitOptions {
  ledger: Ledger;
  /** The arena's signing key and server secret: the same receipts, boards and league tokens. */
  signingKey: Uint8Array;
  secret: Uint8Array;
  now?: () => number;
  randomBytes?: (length: number) => Uint8Array;
  /** `''`, as an arena with neither a public origin nor a base path states its links. */
  publicBase?: string;
}

export async function minimalSubmitListener(options: MinimalSubmitOptions): Promise<RequestListener> {
  const now = options.now ?? Date.now;
  const randomBytes = options.randomBytes ?? ((length: number) => crypto.getRandomValues(new Uint8Array(length)));
  const publicBase = options.publicBase ?? '';
  // The arena names itself `agent-arena` in every token it signs.
  const tokens = createTokens({ keys: await createKeyRing({ signingSeed: options.signingKey }), now, issuer: 'agent-arena' });
  return submitListener(options.ledger, leagueDay({ tokens, secret: options.secret, now, randomBytes, publicBase }), publicBase);
}
