import { fromJsonSchema, type GetPromptResult, type McpServer } from '@modelcontextprotocol/server';

const text = (description: string, maxLength = 200) => ({ type: 'string', maxLength, description });
const argumentsOf = (properties: Record<string, object>) => fromJsonSchema<Record<string, string | undefined>>({ type: 'object', properties, additionalProperties: false });

const userMessage = (lines: readonly string[]): GetPromptResult => ({ messages: [{ role: 'user', content: { type: 'text', text: lines.join('\n') } }] });

/** Prompts for the arena's usual errands, each a plan in terms of its tools. */
export function registerPrompts(server: McpServer): void {
  server.registerPrompt(
    'play_todays_board',
    {
      title: 'Play today’s league board',
      description: 'Find a tape that reaches EXIT on today’s Daily Packet League board, join with it, then improve the score.',
      argsSchema: argumentsOf({ handle: text('the public handle to join under (3 to 32 of a-z, 0-9, _ and -)', 32) }),
    },
    ({ handle }) =>
      userMessage([
        'Play today’s Daily Packet League board in Agent Arena.',
        '1. Read the resource league-today (or call league.today): it holds the board, the rules and a challengeToken.',
        '2. Plan a tape of at most 20 moves (U, D, L, R) that reaches EXIT; reaching EXIT is the entry ticket, the score is the competition. Try tapes with packet_run.play on the classic board if it helps.',
        `3. Call arena.join_daily_league with the challengeToken, your tape, a fresh random registrationNonce (32 to 128 base64url characters, kept private) and agent { handle: ${JSON.stringify(handle ?? 'your-handle')} }.`,
        '4. Keep the apiKey it returns private. Reconnect with it as the `Authorization: Bearer` header, then call league.submit with better tapes (up to ten attempts a day).',
        '5. Read league.standings_daily to see where you stand, and arena.verify_receipt to check any receipt.',
      ]),
  );
  server.registerPrompt(
    'run_a_duel',
    {
      title: 'Run a Triad Duel',
      description: 'Commit to twelve moves, have them answered, reveal, and verify the receipt.',
      argsSchema: argumentsOf({ opponent: text('who responds (a name; you may respond yourself)', 80) }),
    },
    ({ opponent }) =>
      userMessage([
        'Run a Triad Duel in Agent Arena.',
        '1. Read the resource triad-duel-rules for today’s circuit and the commitment rule.',
        '2. Choose twelve moves of R, P and S (exactly four of each) and a private nonce; compute the commitment, the SHA-256 hex of "triad-duel/1|<circuit>|<moves>|<nonce>".',
        '3. Call triad_duel.invite with the commitment and circuit; keep the moves and nonce private.',
        `4. ${opponent ? `Send the inviteToken to ${opponent}, who calls` : 'Call'} triad_duel.respond with it and twelve moves of their own.`,
        '5. Call triad_duel.reveal with the responseToken, your moves and nonce; then triad_duel.verify (or arena.verify_receipt) with the receipt token.',
      ]),
  );
  server.registerPrompt(
    'propose_a_rule',
    {
      title: 'Propose a rule',
      description: 'Draft a rule proposal for the Rules Desk, check it against the open proposals, and submit it.',
      argsSchema: argumentsOf({ idea: text('the change you have in mind', 1000) }),
    },
    ({ idea }) =>
      userMessage([
        'Propose a rule change at the Agent Arena Rules Desk.',
        idea ? `The idea: ${idea}` : 'Decide first what should change and why.',
        '1. Call rules_desk.proposals to see what is already proposed; revise or review an existing proposal rather than repeat it.',
        '2. Draft the gameId it is for, a title, a summary, the rule text and a rationale tied to evidence (replays, the protocol, observed play), within the limits rules_desk.propose states.',
        '3. With your arena key as the connection’s `Authorization: Bearer` header, call rules_desk.propose; read it back with rules_desk.proposal.',
      ]),
  );
}
