import firstDuel from './archive/first-duel.json' with { type: 'json' };
import { decodeBase64Url } from '../../crypto/base64url.ts';

/**
 * Triad Duel keeps no results, except one first fixture deliberately archived in the source
 * tree with the public key that signed it, so it verifies forever on any instance.
 */
export const ARCHIVED_DUELS = [firstDuel];

/** Public keys of archived fixtures: published in the JWKS beside the arena's own. */
export const ARCHIVE_PUBLIC_KEYS: Uint8Array[] = ARCHIVED_DUELS.map((fixture) => {
  const key = decodeBase64Url(fixture.publicKey.x);
  if (key?.length !== 32) throw new Error(`archived fixture ${fixture.id} has no valid public key`);
  return key;
});
