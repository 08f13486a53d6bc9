import type { IncomingMessage } from 'node:http';

/**
 * Hands each whole line of a text answer to `line` as it arrives: `text.slice(start, end)` is the
 * line without its newline, `at` when its chunk came. The line is not sliced out for it: the
 * cases read thousands of event streams at once, and most lines need only a glance at their start.
 */
export function readLines(response: IncomingMessage, line: (text: string, start: number, end: number, at: number) => void): void {
  response.setEncoding('utf8');
  let pending = '';
  response.on('data', (chunk: string) => {
    const at = performance.now();
    const text = pending + chunk;
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; start = end + 1, end = text.indexOf('\n', start)) line(text, start, end, at);
    pending = text.slice(start);
  });
}
