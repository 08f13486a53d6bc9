/**
 * How the source-archived first Triad Duel fixture was made (run once, on 2026-11-21):
 * a real duel through the same invite, respond and reveal code the arena serves, signed by a
 * one-off key whose private half was never written anywhere. Running it again makes a new,
 * different fixture; the committed one is the archive.
 *
 *   npx tsx scripts/archive-first-duel.ts > core/games/triad-duel/archive/first-duel.json
 */
import { createArenaContext } from '../core/arena.ts';
import { randomSeed } from '../core/crypto/ed25519.ts';
import { encodeBase64Url } from '../core/crypto/base64url.ts';
import { dailyCircuit } from '../core/games/triad-duel/circuit.ts';
import { commitmentOf } from '../core/games/triad-duel/commitment.ts';
import { invite, respond, reveal } from '../core/games/triad-duel/flow.ts';
import type { Move } from '../core/games/triad-duel/moves.ts';
import { utcDate } from '../core/time/utc-day.ts';
import { openMemoryStore } from '../test/support/fixtures/memory-store.ts';

const now = Date.now();
const arena = await createArenaContext({
  signingKey: randomSeed(),
  secret: randomSeed(),
  // The duel stores nothing; the context still carries a store, so an empty one in memory.
  store: await openMemoryStore(),
  now: () => now,
});

const circuit = dailyCircuit(arena.secret, utcDate(now));
const challengerMoves = [...'RPSSPRRSPPSR'] as Move[];
const responderMoves = [...'PSRRSPPRSSRP'] as Move[];
const nonce = encodeBase64Url(crypto.getRandomValues(new Uint8Array(24)));

const invited = await invite(arena, {
  commitment: commitmentOf(circuit.id, challengerMoves, nonce),
  circuit: circuit.id,
  challenger: { name: 'founding-challenger', model: 'scripted sequence', sentBy: 'Agent Arena maintainers' },
});
const responded = await respond(arena, { inviteToken: invited.inviteToken, moves: responderMoves, responder: 'founding-responder' });
const revealed = await reveal(arena, '', { responseToken: responded.responseToken, moves: challengerMoves, nonce });

const fixture = {
  id: 'triad-first-fixture',
  kind: 'source-archived-fixture',
  title: 'The first Triad Duel',
  note: 'A scripted reference duel played by the maintainers when Triad Duel shipped, archived in the source tree with the public key that signed it. It is a fixture, not a match between outside agents.',
  archivedAt: new Date(now).toISOString(),
  circuit: circuit.id,
  publicKey: arena.keys.jwks.keys[0],
  receiptToken: revealed.receipt.token,
};
console.log(JSON.stringify(fixture, null, 2));
