/** One line of a diff: kept, added in the newer text, or removed from the older. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  line: string;
}

/**
 * The lines that changed from `before` to `after`, by their longest common subsequence: every
 * line of both appears once, in order, and joining the kept and added lines gives `after` back.
 * Texts are bounded (a rule text is at most 8,000 characters), so the table stays small.
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  // common[i][j]: the length of the longest common subsequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i]![j] = a[i] === b[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      lines.push({ kind: 'same', line: a[i]! });
      i++;
      j++;
    } else if (j < b.length && (i === a.length || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      lines.push({ kind: 'added', line: b[j++]! });
    } else {
      lines.push({ kind: 'removed', line: a[i++]! });
    }
  }
  return lines;
}
