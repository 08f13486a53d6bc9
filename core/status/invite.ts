import { carryPrompt } from './carry-prompt.ts';
import type { ArenaFacts } from './facts.ts';
import { ARENA } from './identity.ts';

/** `GET /api/invite?carrier=`: a portable invitation prompt. Nothing of it is kept. */
export function inviteDocument(facts: ArenaFacts, base: string, carrier: string | undefined) {
  return {
    protocol: ARENA.protocol,
    version: ARENA.version,
    generatedAt: facts.generatedAt,
    carrier: carrier ?? null,
    prompt: carryPrompt(base, carrier),
    start: { dispatch: `${base}/api/dispatch`, challenge: `${base}/api/challenge` },
    truth: 'An invitation is a portable prompt: not evidence of delivery, traffic, acceptance or play. Nothing of it is kept.',
  };
}
