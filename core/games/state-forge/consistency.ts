import type { DraftDefinition } from './shape.ts';
import { fail, member, pass, quote, verdict, type Verdict } from './verdict.ts';

/** `unique-ids`: no two states share an id, nor two actions. */
export function checkUniqueIds(draft: DraftDefinition): Verdict {
  const issues = [
    ...duplicates(draft.states.map((state) => state.id)).map((id) => `state id ${quote(id)} is declared more than once`),
    ...duplicates(draft.actions.map((action) => action.id)).map((id) => `action id ${quote(id)} is declared more than once`),
  ];
  return verdict(issues, `${draft.states.length} state ids and ${draft.actions.length} action ids are distinct`);
}

/** `start-state`: start names a declared, non-terminal state. Needs unique state ids. */
export function checkStartState(draft: DraftDefinition): Verdict {
  const state = draft.states.find((candidate) => candidate.id === draft.start);
  if (!state) return fail([`start: ${quote(draft.start)} is not a declared state`]);
  if (state.terminal) return fail([`start: ${quote(draft.start)} is a terminal state; a play must begin with a choice`]);
  return pass(`start ${quote(draft.start)} is a declared non-terminal state`);
}

/** `terminal-outcomes`: outcome on every terminal state; outcome and score on no other. */
export function checkTerminalOutcomes(draft: DraftDefinition): Verdict {
  const issues: string[] = [];
  for (const [index, state] of draft.states.entries()) {
    const where = `states[${index}] (${quote(state.id)})`;
    if (state.terminal && state.outcome === undefined) issues.push(`${where}: a terminal state must have an outcome`);
    if (!state.terminal && state.outcome !== undefined) issues.push(`${where}: only a terminal state may have an outcome`);
    if (!state.terminal && state.score !== undefined) issues.push(`${where}: only a terminal state may have a score`);
  }
  const terminals = draft.states.filter((state) => state.terminal).length;
  return verdict(issues, `${terminals} terminal state(s) each have an outcome; no other state has an outcome or a score`);
}

/**
 * `complete-table`: one row per non-terminal state, one entry per action in each, every `to`
 * a declared state, and nothing else. Needs unique ids, so that "one per" is well defined.
 */
export function checkCompleteTable(draft: DraftDefinition): Verdict {
  const issues: string[] = [];
  const states = new Map(draft.states.map((state) => [state.id, state]));
  const actionIds = draft.actions.map((action) => action.id);
  const playStates = draft.states.filter((state) => !state.terminal);
  for (const state of playStates) {
    if (!draft.transitions.has(state.id)) issues.push(`${member('transitions', state.id)}: missing (non-terminal state ${quote(state.id)} needs a row)`);
  }
  for (const [stateId, row] of draft.transitions) {
    const rowPath = member('transitions', stateId);
    const state = states.get(stateId);
    if (!state) issues.push(`${rowPath}: ${quote(stateId)} is not a declared state`);
    else if (state.terminal) issues.push(`${rowPath}: ${quote(stateId)} is a terminal state, which has no transitions`);
    if (!state || state.terminal) continue;
    for (const actionId of actionIds) {
      if (!row.has(actionId)) issues.push(`${member(rowPath, actionId)}: missing (every action needs an entry)`);
    }
    for (const [actionId, move] of row) {
      if (!actionIds.includes(actionId)) issues.push(`${member(rowPath, actionId)}: ${quote(actionId)} is not a declared action`);
      else if (!states.has(move.to)) issues.push(`${member(rowPath, actionId)}.to: ${quote(move.to)} is not a declared state`);
    }
  }
  const entries = playStates.length * actionIds.length;
  const summary = `${playStates.length} non-terminal states × ${actionIds.length} actions: all ${entries} entries present`;
  return verdict(issues, `${summary}, each going to a declared state`);
}

function duplicates(ids: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const id of ids) (seen.has(id) ? repeated : seen).add(id);
  return [...repeated];
}
