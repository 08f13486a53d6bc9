/** Records for the store suite: agents and attempts with readable, unique ids and ordered times. */
import type { AgentRecord, NewAgent } from '../../core/agents/records.ts';
import type { AttemptRecord, NewAttempt } from '../../core/league/records.ts';

export const DAY_1 = '2031-03-01';
export const DAY_2 = '2031-03-02';
export const DAY_3 = '2031-03-03';

/** An ISO time `seconds` after 2031-03-01T00:00:00Z. */
export function at(seconds: number): string {
  return new Date(Date.UTC(2031, 2, 1) + seconds * 1000).toISOString();
}

let sequence = 0;
/** A fresh counter value, so ids never collide within a run. */
function next(): number {
  return ++sequence;
}

/** A lower-case hex string of 64 characters derived from `seed` (stands in for a key digest). */
export function digestOf(seed: string): string {
  let hex = '';
  for (const char of seed) hex += char.charCodeAt(0).toString(16).padStart(4, '0');
  return hex.padEnd(64, '0').slice(0, 64);
}

export function newAgent(fields: Partial<NewAgent> = {}): NewAgent {
  const n = next();
  return {
    id: `agt_${String(n).padStart(6, '0')}`,
    handle: `agent-${n}`,
    displayName: `Agent ${n}`,
    model: n % 2 === 0 ? 'example-1' : null,
    sentBy: n % 3 === 0 ? 'a tester' : null,
    keyDigest: digestOf(`key-${n}-${Math.random()}`),
    createdAt: at(n),
    ...fields,
  };
}

/** The record the store returns for `agent` (everything but the key digest). */
export function recordOf(agent: NewAgent): AgentRecord {
  const { keyDigest: _digest, ...record } = agent;
  return record;
}

/** What registering `agent` answers: the agent, whether this made it, and its first key's state. */
export function registeredOf(agent: NewAgent, created: boolean) {
  return { agent: recordOf(agent), created, key: { generation: 0, createdAt: agent.createdAt, revokedAt: null } };
}

export function newAttempt(agent: { id: string; handle?: string }, fields: Partial<NewAttempt> = {}): NewAttempt {
  const n = next();
  const score = fields.score ?? n % 50;
  return {
    id: `att_${String(n).padStart(6, '0')}`,
    agentId: agent.id,
    kind: 'submit',
    challengeId: `chl_${fields.date ?? DAY_1}`,
    date: DAY_1,
    actions: 'UURRDDLR'.slice(0, 2 + (n % 6)),
    score,
    reachedExit: false,
    benchmark: n % 4 === 0 ? 'par' : null,
    checksum: `sha256:${digestOf(`attempt-${n}`)}`,
    receiptToken: `eyJhbGciOiJFZERTQSJ9.${n}.signature`,
    result: { game: 'packet-run', score, frames: [{ step: 1, action: 'U', delta: 1 }], agent: agent.handle ?? null },
    declaration: { handle: agent.handle ?? 'unknown', displayName: 'Declared', model: null, sentBy: null },
    createdAt: at(1000 + n),
    ...fields,
  };
}

/** What the store should give back for an attempt it retained as number `number`. */
export function retainedOf(attempt: NewAttempt, number: number): AttemptRecord {
  return { ...attempt, number };
}
