import { readdirSync, readFileSync } from 'node:fs';

/** The resident memory of a process and all its descendants, in MB (Linux's /proc). */
export function treeRssMb(pid: number): number {
  const rssKb = (id: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${id}/status`, 'utf8'))?.[1] ?? 0);
  const children = (id: number): number[] =>
    readdirSync(`/proc/${id}/task`).flatMap((task) =>
      readFileSync(`/proc/${id}/task/${task}/children`, 'utf8')
        .split(' ')
        .filter((text) => text.trim() !== '')
        .map(Number),
    );
  const walk = (id: number): number => rssKb(id) + children(id).reduce((sum, child) => sum + walk(child), 0);
  return Math.round(walk(pid) / 102.4) / 10;
}
