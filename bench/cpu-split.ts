import type pg from 'pg';
import type { ChildServer } from './child-server.ts';
import { machineCpu, treeCpu, treeCpuSpent, type TreeCpu } from './process-cpu.ts';

/**
 * Where a run's CPU went, process by process: the arena instances, PostgreSQL's backends (the
 * instances' connections apart from the bench's own look-ups, and the rest of the server), this
 * process (the load generator and the samplers), and whatever else ran on the machine.
 */
export interface CpuSplit {
  wallSeconds: number;
  /** CPU seconds of each instance, in the order given. */
  instances: number[];
  /** PostgreSQL backends serving the instances' connections. */
  postgresBackends: number;
  /** The backend of the bench's own connection (lock sampling, statement figures). */
  samplerBackend: number;
  /** The rest of PostgreSQL: the postmaster, its background processes, backends that exited. */
  postgresRest: number;
  /** This process: the load generator and the samplers' client side. */
  bench: number;
  /** Everything else the machine ran meanwhile. */
  others: number;
  /** Idle time while some process waited on a disk (a commit's flush, here). */
  ioWait: number;
  /** The machine's CPU seconds in all, busy or idle (wall time × cores). */
  machine: number;
}

interface Look {
  at: number;
  instances: number[];
  postgres: TreeCpu;
  bench: NodeJS.CpuUsage;
  machine: { busy: number; ioWait: number; total: number };
}

export function lookAtCpu(servers: readonly ChildServer[], postmasterPid: number): Look {
  return { at: performance.now(), instances: servers.map((server) => server.cpuSeconds()), postgres: treeCpu(postmasterPid), bench: process.cpuUsage(), machine: machineCpu() };
}

/** The CPU spent between two looks; `clientBackends` are the pids of PostgreSQL's client backends, `samplerPid` the bench's own. */
export function cpuSpent(before: Look, after: Look, clientBackends: ReadonlySet<number>, samplerPid: number): CpuSplit {
  const postgres = treeCpuSpent(before.postgres, after.postgres);
  let postgresBackends = 0;
  let samplerBackend = 0;
  let postgresRest = postgres.rest;
  for (const [pid, seconds] of postgres.byChild) {
    if (pid === samplerPid) samplerBackend += seconds;
    else if (clientBackends.has(pid)) postgresBackends += seconds;
    else postgresRest += seconds;
  }
  const instances = after.instances.map((seconds, i) => seconds - before.instances[i]!);
  const bench = (after.bench.user - before.bench.user + after.bench.system - before.bench.system) / 1e6;
  const ownSeconds = instances.reduce((sum, seconds) => sum + seconds, 0) + postgresBackends + samplerBackend + postgresRest + bench;
  const busy = after.machine.busy - before.machine.busy;
  return {
    wallSeconds: (after.at - before.at) / 1000,
    instances,
    postgresBackends,
    samplerBackend,
    postgresRest,
    bench,
    others: Math.max(0, busy - ownSeconds),
    ioWait: after.machine.ioWait - before.machine.ioWait,
    machine: after.machine.total - before.machine.total,
  };
}

export function addCpu(into: CpuSplit | undefined, from: CpuSplit): CpuSplit {
  if (into === undefined) return { ...from, instances: [...from.instances] };
  return {
    wallSeconds: into.wallSeconds + from.wallSeconds,
    instances: into.instances.map((seconds, i) => seconds + from.instances[i]!),
    postgresBackends: into.postgresBackends + from.postgresBackends,
    samplerBackend: into.samplerBackend + from.samplerBackend,
    postgresRest: into.postgresRest + from.postgresRest,
    bench: into.bench + from.bench,
    others: into.others + from.others,
    ioWait: into.ioWait + from.ioWait,
    machine: into.machine + from.machine,
  };
}

/** The split in cores (CPU seconds per wall second), and per submit in µs where `submits` is given. */
export function describeCpu(split: CpuSplit, submits: number): string {
  const cores = (seconds: number) => (seconds / split.wallSeconds).toFixed(2);
  const perSubmit = (seconds: number) => `${Math.round((seconds * 1e6) / submits)} µs`;
  const part = (name: string, seconds: number) => `${name} ${cores(seconds)} (${perSubmit(seconds)}/submit)`;
  return [
    ...split.instances.map((seconds, i) => part(`instance ${String.fromCharCode(97 + i)}`, seconds)),
    part('PostgreSQL backends', split.postgresBackends),
    part('rest of PostgreSQL', split.postgresRest),
    part('sampler backend', split.samplerBackend),
    part('bench (load and samplers)', split.bench),
    `other processes ${cores(split.others)}`,
    `of ${(split.machine / split.wallSeconds).toFixed(1)} cores, idle ${cores(split.machine - split.others - ours(split))} (waiting on the disk ${cores(split.ioWait)})`,
  ].join('; ');
}

/** Cores busy in all, the bench's and others'. */
export function busyCores(split: CpuSplit): number {
  return (ours(split) + split.others) / split.wallSeconds;
}

/** CPU seconds of the processes the case runs. */
function ours(split: CpuSplit): number {
  return split.instances.reduce((sum, seconds) => sum + seconds, 0) + split.postgresBackends + split.samplerBackend + split.postgresRest + split.bench;
}

/** The pids of PostgreSQL's client backends now: the instances' pooled connections and the bench's own. */
export async function clientBackends(client: pg.Client): Promise<Set<number>> {
  const { rows } = await client.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend'");
  return new Set(rows.map((row) => row.pid));
}
