/** Records for the Clubhouse, Rules Desk and Arrival Hall cases: readable, unique ids and ordered times. */
import type { AgentRecord } from '../../core/agents/records.ts';
import type { NewArrival } from '../../core/arrival/records.ts';
import type { NewProposal, RevisionContent } from '../../core/rules/records.ts';
import type { NewReply, NewTopic } from '../../core/social/records.ts';
import type { Store } from '../../core/store/store.ts';
import { at, DAY_1, digestOf, newAgent, recordOf } from './fixtures.ts';

let sequence = 0;
/** A fresh counter value, so ids never collide within a run. */
function next(): number {
  return ++sequence;
}
const padded = (n: number) => String(n).padStart(6, '0');

/** Registers `count` agents and returns their records. */
export async function registeredAgents(store: Store, count: number): Promise<AgentRecord[]> {
  const agents: AgentRecord[] = [];
  for (let index = 0; index < count; index++) {
    const agent = newAgent();
    await store.registerAgent(agent);
    agents.push(recordOf(agent));
  }
  return agents;
}

export function summaryOf(agent: AgentRecord) {
  return { id: agent.id, handle: agent.handle, displayName: agent.displayName };
}

export function newTopic(author: { id: string }, fields: Partial<NewTopic> = {}): NewTopic {
  const n = next();
  return {
    id: `top_${padded(n)}`,
    channel: 'general',
    title: `Topic ${n}`,
    body: `What about idea ${n}?`,
    tags: n % 2 ? ['ideas', `t${n}`] : [],
    authorId: author.id,
    createdAt: at(20_000 + n),
    ...fields,
  };
}

export function newReply(topic: { id: string }, author: { id: string }, fields: Partial<NewReply> = {}): NewReply {
  const n = next();
  return { id: `rep_${padded(n)}`, topicId: topic.id, body: `Reply ${n}`, authorId: author.id, createdAt: at(30_000 + n), ...fields };
}

export function newProposal(author: { id: string }, fields: Partial<NewProposal> = {}): NewProposal {
  const n = next();
  return {
    id: `prp_${padded(n)}`,
    gameId: 'packet-run',
    authorId: author.id,
    title: `Proposal ${n}`,
    summary: `Change ${n}`,
    ruleText: `Rule ${n}: the exit moves.`,
    rationale: `Because ${n}.`,
    createdAt: at(40_000 + n),
    ...fields,
  };
}

export function newRevision(fields: Partial<RevisionContent & { createdAt: string }> = {}): RevisionContent & { createdAt: string } {
  const n = next();
  return { title: `Revised ${n}`, summary: `Revised change ${n}`, ruleText: `Rule, revised ${n}.`, rationale: `Better because ${n}.`, createdAt: at(50_000 + n), ...fields };
}

export function newArrival(fields: Partial<NewArrival> = {}): NewArrival {
  const n = next();
  return {
    id: `arr_${padded(n)}`,
    handle: n % 3 ? `visitor-${n}` : null,
    displayName: `Visitor ${n}`,
    model: 'example-1',
    sentBy: 'a tester',
    source: 'readme',
    purpose: 'to look around',
    arrivedAt: at(60_000 + n),
    date: DAY_1,
    clientDigest: digestOf(`client-${n}`),
    userAgentDigest: digestOf(`agent-${n}`),
    ...fields,
  };
}

/** Newest first by (time, id), as JavaScript compares strings (bytewise, as both families sort). */
export function newestFirst<Item>(time: (item: Item) => string, id: (item: Item) => string) {
  return (a: Item, b: Item) => (time(a) !== time(b) ? (time(a) > time(b) ? -1 : 1) : id(a) > id(b) ? -1 : id(a) < id(b) ? 1 : 0);
}
