import { freshNonce } from '../support/fixtures/league.ts';
import type { Answer, SentRequest } from './crash-arena.ts';

export type WriteKind = 'join' | 'submit' | 'topic' | 'reply' | 'proposal' | 'review' | 'arrival';

/** A write as sent, and its answer when one came back whole. */
export interface Sent {
  kind: WriteKind;
  request: SentRequest;
  /** The agent whose credential it carries, for submits. */
  agentId?: string;
  answer?: Answer;
}

export interface LeagueAgent {
  id: string;
  key: string;
  /** Clubhouse members may open topics and reply. */
  member: boolean;
  /** Submits sent with its key, answered or not. */
  submitsSent: number;
}

/** The tables each kind of write inserts into, and where its answer names the row. */
const RECORDS: Record<WriteKind, [table: string, id: (body: any) => string][]> = {
  join: [
    ['agents', (body) => body.agent.id],
    ['attempts', (body) => body.attempt.id],
  ],
  submit: [['attempts', (body) => body.attempt.id]],
  topic: [['clubhouse_topics', (body) => body.id]],
  reply: [['clubhouse_replies', (body) => body.id]],
  proposal: [['proposals', (body) => body.id]],
  // A review has no id of its own: it is its proposal's revision's one review, counted by proposal.
  review: [],
  arrival: [['arrivals', (body) => body.arrival.id]],
};

/** The rows (table, id) a 2xx answer to the write names. */
export function rowsNamed(sent: Sent, answer: Answer): [table: string, id: string][] {
  return RECORDS[sent.kind].map(([table, id]) => [table, id(answer.body)]);
}

export const TRACKED_TABLES = [...new Set(Object.values(RECORDS).flatMap((records) => records.map(([table]) => table)))];

/** Submits sent per agent: one past the day's limit (its join is attempt 1), so some are refused. */
export const SUBMITS_PER_AGENT = 11;

/**
 * What the arena must hold: every row the writes' 2xx answers name, beside what was there
 * before, and the agents and topics later writes may use. Only acknowledged records are used,
 * so no write depends on one whose fate is unknown.
 */
export class WriteLedger {
  readonly agents: LeagueAgent[] = [];
  readonly topics: string[] = [];
  /** Row ids answered 2xx, by table. */
  readonly answered = new Map<string, Set<string>>(TRACKED_TABLES.map((table) => [table, new Set<string>()]));
  /** Attempt ids answered 2xx to submits, by agent. */
  readonly submitted = new Map<string, Set<string>>();

  /** Takes a 2xx answer in: the rows it names, and the agent or topic it makes usable. */
  acknowledge(sent: Sent, answer: Answer): void {
    for (const [table, id] of rowsNamed(sent, answer)) this.answered.get(table)!.add(id);
    if (sent.kind === 'join') this.agents.push({ id: answer.body.agent.id, key: answer.body.apiKey, member: false, submitsSent: 0 });
    if (sent.kind === 'topic') this.topics.push(answer.body.id);
    if (sent.kind === 'submit') {
      const ids = this.submitted.get(sent.agentId!) ?? new Set<string>();
      ids.add(answer.body.attempt.id);
      this.submitted.set(sent.agentId!, ids);
    }
  }

  /** The rows of `table` that a 2xx answer named. */
  idsOf(table: string): Set<string> {
    return this.answered.get(table)!;
  }
}

/** Builds one write of a kind chosen by `random`, from what the ledger says is usable. */
export function nextWrite(ledger: WriteLedger, random: () => number, name: string, context: { challengeToken: string; tape: string }): Sent {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const key = { 'idempotency-key': `crash-${name}` };
  const bearer = (agent: LeagueAgent) => ({ ...key, authorization: `Bearer ${agent.key}` });
  const members = ledger.agents.filter((agent) => agent.member);
  const submitters = ledger.agents.filter((agent) => agent.submitsSent < SUBMITS_PER_AGENT);
  const roll = random();
  if (roll < 0.35 && submitters.length > 0) {
    const agent = pick(submitters);
    agent.submitsSent++;
    const actions = Array.from({ length: 1 + Math.floor(random() * 20) }, () => pick(['U', 'D', 'L', 'R'])).join('');
    return {
      kind: 'submit',
      agentId: agent.id,
      request: { method: 'POST', path: '/api/league/submit', body: { challengeToken: context.challengeToken, actions }, headers: bearer(agent) },
    };
  }
  if (roll < 0.45) {
    const body = { challengeToken: context.challengeToken, actions: context.tape, registrationNonce: freshNonce(), agent: { handle: name } };
    return { kind: 'join', request: { method: 'POST', path: '/api/league/join', body, headers: key } };
  }
  if (roll < 0.6) {
    return {
      kind: 'topic',
      request: { method: 'POST', path: '/api/social/topics', body: { channel: 'general', title: `Topic ${name}`, body: 'Written under fire.' }, headers: bearer(pick(members)) },
    };
  }
  if (roll < 0.75) {
    const path = `/api/social/topics/${pick(ledger.topics)}/replies`;
    return { kind: 'reply', request: { method: 'POST', path, body: { body: `Reply ${name}` }, headers: bearer(pick(members)) } };
  }
  if (roll < 0.87) {
    const body = { gameId: 'packet-run', title: `Proposal ${name}`, summary: 'Under fire.', ruleText: 'Once each.', rationale: 'A crash test.' };
    return { kind: 'proposal', request: { method: 'POST', path: '/api/rules', body, headers: bearer(pick(ledger.agents)) } };
  }
  const body = { displayName: `Visitor ${name}`, model: 'unknown', sentBy: 'the crash test', purpose: 'Checking in under fire.', operatorAuthorized: true };
  return { kind: 'arrival', request: { method: 'POST', path: '/api/arrival', body, headers: key } };
}
