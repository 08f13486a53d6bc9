/** Whether any process of the group led by `pid` is still alive. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits up to `withinMs` for every process of the group led by `pid` to end (a package manager
 * may end before what it started does), then kills whatever is left, so a failing test leaves
 * nothing running. Whether the group had ended by itself.
 */
export async function groupEnded(pid: number, withinMs: number): Promise<boolean> {
  for (const deadline = Date.now() + withinMs; groupAlive(pid) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 100));
  if (!groupAlive(pid)) return true;
  process.kill(-pid, 'SIGKILL');
  return false;
}
