import { readFile } from 'node:fs/promises';
import { UsageError } from './command.ts';

/** A file's text, or stdin's for `-`. */
export async function readInput(path: string): Promise<string> {
  if (path !== '-') return readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => Promise.reject(new UsageError(`cannot read ${path}: ${error.code ?? error.message}`)));
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
