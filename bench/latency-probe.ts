/**
 * `tsx bench/latency-probe.ts <url> <seconds> <patience ms>`: sends GET <url> one at a time (the
 * next 10 ms after each answer) for <seconds>, and prints each latency in milliseconds as a
 * JSON array. Its own process, so that a bench reading other answers at full speed does not
 * delay the reading of these: what it measures is the server's.
 * A request not answered within <patience ms> counts as that long, and ends the probe.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Runs the probe in a child process and gives its latencies. */
export async function probeLatencies(url: string, seconds: number, patienceMs: number): Promise<number[]> {
  const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
  const script = fileURLToPath(import.meta.url);
  const output = await new Promise<string>((resolve, reject) =>
    execFile(tsx, [script, url, String(seconds), String(patienceMs)], { maxBuffer: 64 * 1024 * 1024 }, (error, stdout) => (error ? reject(error) : resolve(stdout))),
  );
  return JSON.parse(output) as number[];
}

async function probe(url: string, seconds: number, patienceMs: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(patienceMs) });
      await answer.arrayBuffer();
      if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}`);
    } catch (error) {
      if ((error as Error).name !== 'TimeoutError') throw error;
      // Starved: the figure is at least the patience, and waiting longer would tell nothing more.
      latencies.push(patienceMs);
      break;
    }
    latencies.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return latencies;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [url, seconds, patience] = process.argv.slice(2);
  console.log(JSON.stringify(await probe(url!, Number(seconds), Number(patience))));
}
