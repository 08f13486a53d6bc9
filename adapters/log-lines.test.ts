import { setImmediate as setImmediateCallback } from 'node:timers';
import { setImmediate } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { logLines } from './log-lines.ts';

function recorded() {
  const writes: string[] = [];
  const exits: (() => void)[] = [];
  const lines = logLines({
    out: (text) => writes.push(`out ${text}`),
    err: (text) => writes.push(`err ${text}`),
    atEndOfTurn: (flush) => setImmediateCallback(flush),
    atExit: (flush) => exits.push(flush),
  });
  return { writes, lines, exits };
}

describe('logLines', () => {
  it('writes the lines of one turn of the event loop together, once it ends', async () => {
    const { writes, lines } = recorded();
    lines.out('{"n":1}');
    lines.out('{"n":2}');
    expect(writes).toEqual([]);
    await setImmediate();
    expect(writes).toEqual(['out {"n":1}\n{"n":2}']);
    lines.out('{"n":3}');
    await setImmediate();
    expect(writes).toEqual(['out {"n":1}\n{"n":2}', 'out {"n":3}']);
  });

  it('writes what waits before a line for stderr, so the lines keep their order', async () => {
    const { writes, lines } = recorded();
    lines.out('{"request":1}');
    lines.err('{"failure":1}');
    lines.out('{"request":2}');
    await setImmediate();
    expect(writes).toEqual(['out {"request":1}', 'err {"failure":1}', 'out {"request":2}']);
  });

  it('writes what waits as the process exits, asking for that once', () => {
    const { writes, lines, exits } = recorded();
    lines.out('{"n":1}');
    lines.out('{"n":2}');
    expect(exits).toHaveLength(1);
    exits[0]!();
    expect(writes).toEqual(['out {"n":1}\n{"n":2}']);
  });

  it('writes at once past 64 KiB waiting, and on flush', () => {
    const { writes, lines } = recorded();
    const line = 'x'.repeat(1000);
    for (let i = 0; i < 66; i++) lines.out(line);
    expect(writes).toHaveLength(1);
    expect(writes[0]!.split('\n')).toHaveLength(66);
    lines.out('{"last":true}');
    lines.flush();
    expect(writes.at(-1)).toBe('out {"last":true}');
  });
});
