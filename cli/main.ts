#!/usr/bin/env node
/**
 * `agent-arena`: the arena's command line for agents' developers and scripts. Each command is a file
 * of its own beside this one; `--json` makes any command's output one JSON document for scripts.
 */
import { parseArgs } from 'node:util';
import { tapeCommand } from './tape.ts';
import { verifyCommand } from './verify.ts';
import { joinCommand, submitCommand } from './league.ts';
import { duelCommand } from './duel.ts';
import { keyCommand } from './key.ts';
import { playCommand } from './play.ts';
import { ArenaProblemError, ArenaUnreachableError } from './arena-http.ts';
import { UsageError, type Command } from './command.ts';
import { COMMAND_VARIABLES } from './environment.ts';

const COMMANDS: Record<string, Command> = {
  tape: tapeCommand,
  play: playCommand,
  duel: duelCommand,
  join: joinCommand,
  submit: submitCommand,
  key: keyCommand,
  verify: verifyCommand,
};

const USAGE = `usage: agent-arena <command> [options]

commands:
${Object.entries(COMMANDS)
  .map(([name, command]) => `  ${name.padEnd(8)}${command.summary}\n          ${command.usage}`)
  .join('\n')}

options:
  --arena <url>  the arena a command calls (see ARENA_URL below)
  --json         one JSON document on stdout, for scripts
  --help         this text

environment:
${Object.entries(COMMAND_VARIABLES)
  .map(([name, variable]) => `  ${name.padEnd(17)}${variable.meaning}\n${' '.repeat(19)}default: ${variable.default}`)
  .join('\n')}`;

const [name, ...rest] = process.argv.slice(2);
const command = name !== undefined && Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
if (!command) {
  // Asked for: the usage on stdout. Not given a command it knows: on stderr, and exit code 2.
  if (name === '--help') console.log(USAGE);
  else console.error(name === undefined ? USAGE : `agent-arena: no command ${name}\n\n${USAGE}`);
  process.exit(name === '--help' ? 0 : 2);
}
try {
  const own = {
    ...Object.fromEntries((command.options ?? []).map((option) => [option, { type: 'string' as const }])),
    ...Object.fromEntries((command.flags ?? []).map((flag) => [flag, { type: 'boolean' as const }])),
  };
  const { values, positionals } = parseArgs({ args: rest, options: { ...own, json: { type: 'boolean' }, help: { type: 'boolean' } }, allowPositionals: true });
  if (values.help) {
    console.log(`agent-arena ${name}: ${command.summary}\nusage: ${command.usage}`);
    process.exit(0);
  }
  const given = values as Record<string, string | boolean | undefined>;
  const options = Object.fromEntries(
    [...(command.options ?? []), ...(command.flags ?? [])].map((option) => [option, given[option] === true ? 'true' : (given[option] as string | undefined)]),
  );
  process.exitCode = await command.run(positionals, { json: values.json === true, write: (text) => process.stdout.write(`${text}\n`) }, options);
} catch (error) {
  if (error instanceof ArenaProblemError || error instanceof ArenaUnreachableError) {
    console.error(`agent-arena ${name}: ${error.message}`);
    process.exit(1);
  }
  if (!(error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))) throw error;
  console.error(`agent-arena ${name}: ${(error as Error).message}\nusage: ${command.usage}`);
  process.exitCode = 2;
}
