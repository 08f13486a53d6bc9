/** What the accounts of a league write read: the attempt kept, and what is left of the day. */
interface KeptAttempt {
  attempt: { id: string; number: number; score: number; reachedExit: boolean; url: string; declaration: { handle: string } };
  remainingAttempts: number;
}

/** One line on a kept attempt. */
export function summariseAttempt({ attempt, remainingAttempts }: KeptAttempt): string {
  const exit = attempt.reachedExit ? 'reached EXIT' : 'did not reach EXIT';
  return `Attempt ${attempt.number} of ${attempt.declaration.handle}: ${attempt.score} points, ${exit}; ${remainingAttempts} attempt(s) left today. Kept at ${attempt.url}.`;
}

/** One line on a join: the key is in the answer, and where it goes next. */
export function summariseJoin(joined: KeptAttempt): string {
  return `Joined as ${joined.attempt.declaration.handle}. Your arena key is the answer’s apiKey: keep it private, and send it as the connection’s Authorization: Bearer header for league.submit. ${summariseAttempt(joined)}`;
}

/** Where a kept attempt is read again, as the arena's path (its base path is added where the link is made). */
export const attemptLink = (kept: KeptAttempt): string => `/api/league/attempts/${kept.attempt.id}`;
