import { chooseArena } from './arena-choice.ts';
import { ArenaProblemError, arenaClient } from './arena-http.ts';
import { UsageError, type Command } from './command.ts';
import { keep, keptAt, type KeptKey } from './key-file.ts';

/**
 * `agent-arena key rotate|revoke`: the kept arena key replaced by a new one, or turned off. By the
 * kept key as bearer; with `--with-nonce` (the key lost, or leaked and replaced by someone
 * else) by the kept registration nonce instead. Neither key is ever printed: a new one goes
 * into the key file, in place of the old.
 */
export const keyCommand: Command = {
  summary: 'rotate the kept arena key (the old one is refused at once) or revoke it',
  usage: 'agent-arena key rotate|revoke [--with-nonce] [--arena <url>] [--key-file <path>] [--json]',
  options: ['arena', 'key-file'],
  flags: ['with-nonce'],
  async run(args, output, options) {
    const [change, ...rest] = args;
    if ((change !== 'rotate' && change !== 'revoke') || rest.length > 0) throw new UsageError('takes rotate or revoke');
    const keyFile = options['key-file'] ?? (await chooseArena(options.arena)).keyFile;
    const kept = await keptAt(keyFile);
    if (!kept) throw new UsageError(`no key file at ${keyFile}: run \`agent-arena join\` first`);
    const byNonce = options['with-nonce'] === 'true' || kept.apiKey === undefined;
    const arena = arenaClient(kept.origin, byNonce ? undefined : kept.apiKey);
    const body = byNonce ? { registrationNonce: kept.registrationNonce } : {};
    if (change === 'rotate') {
      const rotated = await arena.rotateArenaKey({ body }).catch(withHint(byNonce));
      await keep(keyFile, { ...kept, apiKey: rotated.apiKey }, false);
      const result = { rotated: true, keyGeneration: rotated.keyGeneration, keyCreatedAt: rotated.keyCreatedAt, keyFile };
      output.write(
        output.json ? JSON.stringify(result) : `rotated: key ${rotated.keyGeneration} made ${rotated.keyCreatedAt}, kept in ${keyFile}; the key it replaces is refused from now on`,
      );
      return 0;
    }
    const revoked = await arena.revokeArenaKey({ body }).catch(withHint(byNonce));
    const { apiKey: _, ...withoutKey } = kept;
    await keep(keyFile, withoutKey satisfies KeptKey, false);
    const result = { revoked: true, revokedAt: revoked.revokedAt, keyFile };
    output.write(output.json ? JSON.stringify(result) : `revoked at ${revoked.revokedAt}; ${keyFile} keeps the nonce alone (\`agent-arena key rotate\` makes a new key with it)`);
    return 0;
  },
};

/** A kept key the arena no longer knows was rotated or revoked elsewhere: the nonce still proves who the agent is. */
function withHint(byNonce: boolean) {
  return (error: unknown): never => {
    if (!byNonce && error instanceof ArenaProblemError && error.status === 401) error.message += ' (the kept key was rotated or revoked elsewhere: run again with --with-nonce)';
    throw error;
  };
}
