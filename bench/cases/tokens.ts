import { randomSeed, webCryptoSupportsEd25519, type Ed25519Engine } from '../../core/crypto/ed25519.ts';
import { createKeyRing } from '../../core/crypto/key-ring.ts';
import { createTokens, type Tokens } from '../../core/crypto/tokens.ts';
import { CLASSIC_BOARD, CLASSIC_CHALLENGE } from '../../core/games/packet-run/board.ts';
import { transformBoard } from '../../core/games/packet-run/transforms.ts';
import { TRIAL_TTL_SECONDS } from '../../core/games/packet-run/trial.ts';
import { compared, rateRow, type BenchCase } from '../case.ts';
import { awaitedCalls, measureRates } from '../measure.ts';

/** A fixed clock: both engines then sign byte-identical tokens, so they do exactly the same work. */
const NOW = Date.UTC(2026, 0, 1);

/** The claims of a real trial token: the largest token the arena issues on its hot path. */
const TRIAL_CLAIMS = {
  jti: 'bench-trial-0000000000000000',
  challenge: CLASSIC_CHALLENGE,
  transform: 'rotate-90',
  board: transformBoard(CLASSIC_BOARD, 'rotate-90'),
};

/** Ed25519 engines side by side: the figures behind the core's `auto` default. */
export const tokensCase: BenchCase = {
  name: 'tokens',
  about: `
Sign and verify throughput of \`createTokens\` (compact JWS, EdDSA) for each Ed25519 engine,
\`noble\` (pure JavaScript, portable) and \`webcrypto\` (the runtime's native Ed25519), with the same
seed and a fixed clock, so both produce byte-identical tokens. The payload is a realistic trial
token carrying the rotated classic board. Calls are awaited one at a time, as a request handler
makes them, and the four operations are sampled in turn. The webcrypto ÷ noble ratios are what
the core's default rests on: \`auto\` uses WebCrypto where the runtime supports Ed25519 and noble
as the portable fallback.`,
  async run() {
    const seed = randomSeed();
    const noble = await tokensFor('noble', seed);
    const webcrypto = await tokensFor('webcrypto', seed);
    const token = await signTrial(noble);
    // A guard on the comparison itself: different tokens would mean different work.
    if ((await signTrial(webcrypto)) !== token) throw new Error('the two engines signed different tokens');
    const size = `${new TextEncoder().encode(token).length}-byte trial token`;
    const auto = (await webCryptoSupportsEd25519()) ? 'webcrypto' : 'noble';
    const note = (engine: Ed25519Engine) => (engine === auto ? `${size}; \`auto\` picks this engine here` : size);

    const rates = await measureRates({
      signNoble: awaitedCalls(() => signTrial(noble)),
      signWebCrypto: awaitedCalls(() => signTrial(webcrypto)),
      verifyNoble: awaitedCalls(() => noble.verify('trial', token)),
      verifyWebCrypto: awaitedCalls(() => webcrypto.verify('trial', token)),
    });
    const signNoble = rateRow('sign (noble)', 'ops/s', rates.signNoble, note('noble'));
    const signWebCrypto = rateRow('sign (webcrypto)', 'ops/s', rates.signWebCrypto, note('webcrypto'));
    const verifyNoble = rateRow('verify (noble)', 'ops/s', rates.verifyNoble, note('noble'));
    const verifyWebCrypto = rateRow('verify (webcrypto)', 'ops/s', rates.verifyWebCrypto, note('webcrypto'));
    return [signNoble, compared(signWebCrypto, signNoble), verifyNoble, compared(verifyWebCrypto, verifyNoble)];
  },
};

async function tokensFor(engine: Ed25519Engine, signingSeed: Uint8Array): Promise<Tokens> {
  const keys = await createKeyRing({ signingSeed, engine });
  return createTokens({ keys, now: () => NOW, issuer: 'agent-arena' });
}

function signTrial(tokens: Tokens): Promise<string> {
  return tokens.sign('trial', TRIAL_CLAIMS, { ttlSeconds: TRIAL_TTL_SECONDS });
}
