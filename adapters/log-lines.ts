/**
 * Where a Node, Bun or Deno server's JSON lines go: stdout for requests and what the server says
 * of itself, stderr for failures and warnings. Lines for stdout wait for the end of the event
 * loop's turn and are written together: under load a turn answers several requests, and each
 * write to a pipe wakes the process reading it, which cost more than building the line (a
 * request line written alone cost 5-20% of a signed play). Whatever goes to stderr first writes
 * what waits, and so does the process's exit, so the lines keep their order across both streams.
 *
 * No `node:` import: the Workers build shares the failure lines (log-failure.ts), and there
 * nothing waits, since its request lines go to the Workers log as they come.
 */
export interface LogLines {
  out(line: string): void;
  err(line: string): void;
  /** Writes what waits now. */
  flush(): void;
}

export interface LineWriter {
  out(text: string): void;
  err(text: string): void;
  /** Runs `flush` once the current turn of the event loop ends. */
  atEndOfTurn(flush: () => void): void;
  /** Runs `flush` as the process exits; asked once, when a line first waits. */
  atExit(flush: () => void): void;
}

/** Past this many characters waiting, they are written at once: a turn that answers a great many requests holds no more. */
const MOST_WAITING = 65_536;

export function logLines(writer: LineWriter): LogLines {
  let waiting = '';
  let scheduled = false;
  let exitHooked = false;
  const flush = () => {
    scheduled = false;
    if (waiting === '') return;
    const text = waiting;
    waiting = '';
    writer.out(text);
  };
  return {
    out(line) {
      waiting = waiting === '' ? line : `${waiting}\n${line}`;
      if (!exitHooked) {
        exitHooked = true;
        writer.atExit(flush);
      }
      if (waiting.length >= MOST_WAITING) flush();
      else if (!scheduled) {
        scheduled = true;
        writer.atEndOfTurn(flush);
      }
    },
    err(line) {
      flush();
      writer.err(line);
    },
    flush,
  };
}

/**
 * The process's own lines, through `console` as before (each runtime writes a console line in
 * one piece, synchronously to a pipe or a file), now several lines a call.
 */
export const processLines = logLines({
  out: (text) => console.log(text),
  err: (text) => console.error(text),
  // Node, Bun and Deno have setImmediate; a Worker, where nothing waits, a timer.
  atEndOfTurn: (flush) => (typeof setImmediate === 'function' ? setImmediate(flush) : setTimeout(flush, 0)),
  atExit: (flush) => globalThis.process?.once('exit', flush),
});

/** `exit`, first writing what waits: for Deno's `Deno.exit`, which runs no `exit` listener (its `process.exit` does). */
export function exitAfterLines(exit: (code: number) => never): (code: number) => never {
  return (code) => {
    processLines.flush();
    return exit(code);
  };
}
