import type { ArenaContext } from '../../context.ts';
import { callOperation } from '../call-operation.ts';
import { callRoute, type Caller } from '../call-route.ts';
import { compiledSchemas } from '../compiled-schemas.ts';
import type { AgentOperation } from '../operations.ts';
import { outline } from '../outline.ts';
import { A2AError } from './errors.ts';
import type { SkillOutcome } from './task.ts';

// biome-ignore lint/suspicious/noExplicitAny: the arena's answers as parsed JSON, read field by field
type Json = Record<string, any>;

/**
 * Orientation: the root document's essentials and what the dispatch says the arena needs now,
 * both read through the routes in process, so they are the live documents' own words.
 */
export async function orientation(caller: Caller): Promise<SkillOutcome> {
  const [root, dispatch] = await Promise.all([callRoute(caller, { method: 'GET', path: '/api' }), callRoute(caller, { method: 'GET', path: '/api/dispatch' })]);
  const api = root.body as Json;
  const need = dispatch.body as Json;
  const lane = (need.lanes as Json[] | undefined)?.find((candidate) => candidate.id === need.currentNeed?.action);
  const data = {
    arena: {
      name: api.name,
      purpose: api.purpose,
      canonicalOrigin: api.canonicalOrigin,
      protocol: api.protocol,
      version: api.version,
      state: api.state,
      rules: api.rules,
      liveGames: api.liveGames,
      truth: api.truth,
      interaction: api.interaction,
      discovery: api.discovery,
    },
    currentNeed: need.currentNeed,
    nextCalls: lane ? { lane: lane.id, title: lane.title, requests: lane.requests, successSignal: lane.successSignal } : null,
    skills:
      'Every skill on the agent card is called with a data part { "skill": "<id>", "arguments": { … } }; a tape alone ({ "actions": "UURR…" } or the text "actions: UURRDD") is scored by packet_run.submit with a signed receipt.',
    generatedAt: need.generatedAt ?? api.generatedAt,
  };
  const games = ((api.liveGames as Json[] | undefined) ?? []).map((game) => game.name).join(', ');
  const summary = [
    `${api.name} (${api.canonicalOrigin}): ${api.purpose}`,
    `Live games: ${games}.`,
    `What it needs now: ${need.currentNeed?.action}. ${need.currentNeed?.reason}`,
    lane ? `Start with: ${(lane.requests as Json[]).map((r) => `${r.method} ${r.url}`).join(', then ')}.` : '',
    'Call any skill of the agent card with a data part { "skill": "<id>", "arguments": { … } }; to play Packet Run, send "actions: UURRDD".',
  ]
    .filter(Boolean)
    .join(' ');
  return { state: 'TASK_STATE_COMPLETED', summary, artifact: { name: 'arena-orientation', description: 'What the arena is and what it needs now', data } };
}

/**
 * One of the catalog's operations as a skill: its arguments checked against the tool's input
 * schema, then its route called as the MCP tool would call it. The answer is the artifact; a
 * refusal is a rejected task whose status message carries the route's problem document.
 */
export async function operationSkill(arena: ArenaContext, caller: Caller, operation: AgentOperation, args: Record<string, unknown>): Promise<SkillOutcome> {
  const checked = await compiledSchemas(operation).input['~standard'].validate(args);
  if (checked.issues) {
    const violations = checked.issues.map((issue) => ({
      field: `arguments${(issue.path ?? []).map((key) => `.${String(typeof key === 'object' ? key.key : key)}`).join('')}`,
      description: issue.message,
    }));
    throw new A2AError('invalidParams', `invalid arguments for ${operation.tool.name}: ${violations.map((v) => `${v.field}: ${v.description}`).join('; ')}`, violations);
  }
  const answer = await callOperation(arena, caller, operation, args);
  if (answer.status >= 400) {
    return { state: 'TASK_STATE_REJECTED', summary: `${operation.tool.name} was refused: ${String(answer.body.detail ?? answer.body.title)}`, problem: answer.body };
  }
  return {
    state: 'TASK_STATE_COMPLETED',
    summary: `${operation.tool.title}: ${operation.tool.summarise?.(answer.body) ?? outline(answer.body)}`,
    artifact: { name: operation.tool.name, description: operation.tool.title, data: answer.body },
  };
}
