/**
 * State Forge definitions: a designer's bounded finite-state game, submitted as JSON data.
 * Nothing in a definition is ever evaluated as code. The audit (audit.ts) and the JSON
 * Schema (json-schema.ts) are both built from the constants below.
 */

/** The DSL version every definition declares in `format`. */
export const STATE_FORGE_FORMAT = 'state-forge/1';

/** Game, state and action ids: a lowercase letter, then up to 31 lowercase letters, digits or hyphens. */
export const ID_PATTERN = '^[a-z][a-z0-9-]{0,31}$';
export const ID_REGEX = new RegExp(ID_PATTERN);

/**
 * Control characters (C0, DEL and C1) as the body of a regular-expression class. Labels and
 * the title allow none; the description allows line feed and tab.
 */
export const CONTROL_CHARACTERS = '\\u0000-\\u001f\\u007f-\\u009f';
export const CONTROL_CHARACTERS_EXCEPT_LINES = '\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f';

/** Counts, lengths (in Unicode code points) and integer ranges of the DSL. */
export const FORGE_LIMITS = {
  minStates: 3,
  maxStates: 12,
  minActions: 2,
  maxActions: 4,
  minMaxSteps: 1,
  maxMaxSteps: 64,
  maxLabelLength: 80,
  maxTitleLength: 120,
  maxDescriptionLength: 1000,
  /** Rewards and terminal scores. */
  minValue: -1000,
  maxValue: 1000,
} as const;

/**
 * Upper bound on the UTF-8 bytes of a definition's RFC 8785 canonical JSON, so that a signed
 * capsule carrying the definition fits in a 16384-byte request.
 */
export const MAX_DEFINITION_BYTES = 8192;

export const OUTCOMES = ['win', 'lose', 'draw'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The top-level fields, in the order a normalized definition lists them. */
export const DEFINITION_FIELDS = ['format', 'id', 'title', 'description', 'states', 'actions', 'start', 'transitions', 'maxSteps'] as const;
export const STATE_FIELDS = ['id', 'label', 'terminal', 'outcome', 'score'] as const;
export const ACTION_FIELDS = ['id', 'label'] as const;
export const TRANSITION_FIELDS = ['to', 'reward'] as const;

/** A state where the player still chooses an action. */
export interface PlayState {
  readonly id: string;
  readonly label: string;
}

/** A state that ends the play, with its outcome and an optional score added on arrival. */
export interface TerminalState {
  readonly id: string;
  readonly label: string;
  readonly terminal: true;
  readonly outcome: Outcome;
  readonly score?: number;
}

export type ForgeState = PlayState | TerminalState;

export interface ForgeAction {
  readonly id: string;
  readonly label: string;
}

export interface Transition {
  /** The id of the next state. */
  readonly to: string;
  readonly reward: number;
}

/** transitions[stateId][actionId], for every non-terminal state and every action. */
export type TransitionTable = Readonly<Record<string, Readonly<Record<string, Transition>>>>;

/** A definition that passed every audit check. Only `auditDefinition` should produce one. */
export interface StateForgeDefinition {
  readonly format: typeof STATE_FORGE_FORMAT;
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly states: readonly ForgeState[];
  readonly actions: readonly ForgeAction[];
  readonly start: string;
  readonly transitions: TransitionTable;
  readonly maxSteps: number;
}

export function isTerminal(state: ForgeState): state is TerminalState {
  return 'terminal' in state && state.terminal === true;
}
