/** What a one-line account of a scored run reads: a result and its receipt. */
interface ScoredRun {
  mode: string;
  challenge: string;
  breakdown: { total: number };
  reachedExit: boolean;
  usedActions: number;
  receipt: { checksum: string };
}

/** One line on a scored run, for a model to read before the whole result. */
export function summariseRun(run: ScoredRun): string {
  const exit = run.reachedExit ? 'reached EXIT' : 'did not reach EXIT';
  return `Packet Run ${run.mode} on ${run.challenge}: ${run.breakdown.total} points, ${exit} in ${run.usedActions} action(s); receipt ${run.receipt.checksum}.`;
}
