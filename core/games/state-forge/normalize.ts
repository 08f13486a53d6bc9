import { STATE_FORGE_FORMAT, type ForgeState, type StateForgeDefinition } from './definition.ts';
import type { DraftDefinition } from './shape.ts';

/**
 * The typed definition of a draft that passed every check: fresh plain objects holding only
 * the DSL's fields, in a fixed order, with the transition table in declaration order. Its
 * canonical JSON equals the submitted definition's, so a checksum of either agrees.
 */
export function normalize(draft: DraftDefinition): StateForgeDefinition {
  const actionIds = draft.actions.map((action) => action.id);
  const rows = draft.states
    .filter((state) => !state.terminal)
    .map((state) => {
      const row = draft.transitions.get(state.id)!;
      const moves = actionIds.map((actionId) => {
        const { to, reward } = row.get(actionId)!;
        return [actionId, { to, reward: zero(reward) }] as const;
      });
      return [state.id, Object.fromEntries(moves)] as const;
    });
  return {
    format: STATE_FORGE_FORMAT,
    id: draft.id,
    title: draft.title,
    ...(draft.description !== undefined && { description: draft.description }),
    states: draft.states.map(
      ({ id, label, terminal, outcome, score }): ForgeState =>
        terminal ? { id, label, terminal, outcome: outcome!, ...(score !== undefined && { score: zero(score) }) } : { id, label },
    ),
    actions: draft.actions.map(({ id, label }) => ({ id, label })),
    start: draft.start,
    transitions: Object.fromEntries(rows),
    maxSteps: draft.maxSteps,
  };
}

/** JSON may spell zero as -0; the typed definition holds plain 0. */
function zero(value: number): number {
  return value === 0 ? 0 : value;
}
