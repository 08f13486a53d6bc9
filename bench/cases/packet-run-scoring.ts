import { createArena, randomSeed } from '../../core/index.ts';
import { webCryptoSupportsEd25519 } from '../../core/crypto/ed25519.ts';
import { CLASSIC_BOARD, CLASSIC_CHALLENGE } from '../../core/games/packet-run/board.ts';
import { scoreRun, type RunSetting } from '../../core/games/packet-run/result.ts';
import { runTape } from '../../core/games/packet-run/rules.ts';
import { signedRun } from '../../core/games/packet-run/signed-result.ts';
import { BENCH_ORIGIN, benchArenaContext } from '../arena-context.ts';
import { compared, rateRow, type BenchCase } from '../case.ts';
import { awaitedCalls, measureRates, syncCalls } from '../measure.ts';
import { tapePool } from '../tapes.ts';

/** The classic setting, as the GET play route builds it. */
const CLASSIC: RunSetting = { mode: 'classic-benchmark', challenge: CLASSIC_CHALLENGE, board: CLASSIC_BOARD, transform: 'identity' };

/** Each layer of answering a run, so the ratios show which layer costs what. */
export const packetRunScoringCase: BenchCase = {
  name: 'packet-run-scoring',
  about: `
Tapes per second through each layer of answering a Packet Run run, in process, one call at a
time, over a fixed pool of 1,024 seeded pseudo-random tapes of 1 to 20 letters (so every run
scores the same tapes). Each row is compared with the layer beneath it:
\`runTape\` (the rules alone) → \`scoreRun\` (the full result object) → \`signedRun\` (result, RFC 8785
checksum and a signed receipt token, with the default \`auto\` Ed25519 engine) → \`createArena(...).fetch\`
of \`GET /api/games/packet-run/play?actions=...\` (routing, query validation, \`Request\`/\`Response\`
and JSON, body read to the end; no network). The four are sampled in turn so they share the
machine's slow and fast spells alike.`,
  async run() {
    const tapes = tapePool();
    const tapeAt = (i: number) => tapes[i % tapes.length]!;
    const context = await benchArenaContext();
    const arena = createArena({ signingKey: randomSeed(), secret: randomSeed(), store: context.store });
    const urls = tapes.map((tape) => `${BENCH_ORIGIN}/api/games/packet-run/play?actions=${tape.join('')}`);
    const play = async (i: number) => {
      const response = await arena.fetch(new Request(urls[i % urls.length]!));
      if (response.status !== 200) throw new Error(`GET play answered ${response.status}: ${await response.text()}`);
      return response.text();
    };

    const rates = await measureRates({
      rules: syncCalls((i) => runTape(CLASSIC_BOARD, tapeAt(i))),
      result: syncCalls((i) => scoreRun(CLASSIC, tapeAt(i), undefined)),
      signed: awaitedCalls((i) => signedRun(context, CLASSIC, tapeAt(i))),
      play: awaitedCalls(play),
    });

    const engine = (await webCryptoSupportsEd25519()) ? 'webcrypto' : 'noble';
    const rules = rateRow('runTape', 'tapes/s', rates.rules);
    const result = rateRow('scoreRun (result object)', 'tapes/s', rates.result);
    const signed = rateRow('signedRun (checksum + receipt)', 'tapes/s', rates.signed, `Ed25519 engine: ${engine}`);
    const inProcess = rateRow('in-process GET play (no network)', 'tapes/s', rates.play);
    return [rules, compared(result, rules), compared(signed, result), compared(inProcess, signed)];
  },
};
