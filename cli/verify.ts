import { verifyingKeyRing } from '../core/crypto/jwks-key-ring.ts';
import { createTokens } from '../core/crypto/tokens.ts';
import { UsageError, type Command } from './command.ts';
import { verifyEvidence, type Verdict } from '../core/evidence/verify.ts';
import { readInput } from './input.ts';

/**
 * `agent-arena verify [file] --jwks <file|url>`: checks a receipt or capsule with the arena's public
 * keys alone; with a JWKS file, nothing goes over the network. Exit code 0 when it is valid, 1
 * when it is not, and the reason.
 */
export const verifyCommand: Command = {
  summary: 'verify a receipt or capsule offline with the arena’s public keys (exit code 0: valid, 1: not)',
  usage: 'agent-arena verify [file|-] --jwks <file|url> [--json]   (an answer holding receipt.token, a capsule, or a bare token; stdin by default)',
  options: ['jwks'],
  async run(args, output, options) {
    if (args.length > 1) throw new UsageError('takes at most one file');
    if (!options.jwks) throw new UsageError('needs --jwks: a file holding /.well-known/jwks.json, or its URL');
    const keys = await verifyingKeyRing(await readJwks(options.jwks)).catch((error: Error) => Promise.reject(new UsageError(error.message)));
    // Receipts and capsules never expire, so the clock is not consulted for them.
    const tokens = createTokens({ keys, now: () => Date.now(), issuer: 'offline' });
    const verdict = await verifyEvidence(tokens, parsed(await readInput(args[0] ?? '-')));
    if (output.json) output.write(JSON.stringify(verdict));
    else output.write(verdict.valid ? said(verdict) : `not valid: ${verdict.reason}`);
    return verdict.valid ? 0 : 1;
  },
};

/** A valid verdict in a line: what the evidence is, what was checked, and which fields it shows unchecked. */
function said(verdict: Extract<Verdict, { valid: true }>): string {
  const unsigned = verdict.unsigned.length > 0 ? `; unsigned: ${verdict.unsigned.join(', ')}` : '';
  return `valid: a ${verdict.game} ${verdict.kind} signed ${verdict.signedAt}, as ${verdict.form}; checked ${verdict.checked.join(', ')}${unsigned}`;
}

async function readJwks(where: string): Promise<unknown> {
  const text = /^https?:\/\//.test(where)
    ? await fetch(where).then(
        (answer) => (answer.ok ? answer.text() : Promise.reject(new UsageError(`${where} answered ${answer.status}`))),
        (error: Error) => Promise.reject(new UsageError(`cannot fetch ${where}: ${error.message}`)),
      )
    : await readInput(where);
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${where} is not JSON: give the arena's /.well-known/jwks.json`);
  }
}

/** JSON when the input is JSON, else the text itself (a bare token). */
function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text.trim();
  }
}
