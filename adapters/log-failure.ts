/**
 * One line on stderr for a failure while answering: what failed, the error's name and message,
 * and where it was thrown. Enough to find the bug; a single line however the error was built.
 */
export function logFailure(what: string, error: unknown): void {
  const where = error instanceof Error ? error.stack?.split('\n').find((line) => line.trim().startsWith('at '))?.trim() : undefined;
  const summary = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`agent-arena: ${what}: ${summary.replaceAll('\n', ' ')}${where ? ` (${where})` : ''}`);
}
