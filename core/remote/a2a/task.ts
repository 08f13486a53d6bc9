import type { ArenaContext } from '../../context.ts';
import { A2AError } from './errors.ts';
import type { SendRequest } from './send-request.ts';

/** What a skill produced: a named artifact (its JSON and a text summary), or a refusal to explain. */
export interface SkillOutcome {
  state: 'TASK_STATE_COMPLETED' | 'TASK_STATE_REJECTED';
  /** The status message, addressed to the client. */
  summary: string;
  artifact?: { name: string; description: string; data: Record<string, unknown> };
  /** On a refusal, the route's problem document, returned in the status message. */
  problem?: Record<string, unknown>;
}

const JSON_MODE = 'application/json';
const TEXT_MODE = 'text/plain';

/**
 * The A2A v1.0 `Task` that answers a message: already in its final state, since nothing runs on
 * after the answer, and answered whole, since it is not kept (an answer may hold an arena key or
 * a registration capability, which the arena never stores). New ids every time; the client's
 * `contextId` is reused.
 */
export function finishedTask(arena: ArenaContext, request: SendRequest, modes: AnswerModes, outcome: SkillOutcome) {
  const id = uuid(arena);
  const contextId = request.message.contextId ?? uuid(arena);
  const timestamp = new Date(arena.now()).toISOString();
  const statusParts = [
    ...(modes.text ? [{ text: outcome.summary, mediaType: TEXT_MODE }] : []),
    ...(outcome.problem && modes.json ? [{ data: outcome.problem, mediaType: JSON_MODE }] : []),
  ];
  const status = {
    state: outcome.state,
    ...(statusParts.length > 0 ? { message: { messageId: uuid(arena), contextId, taskId: id, role: 'ROLE_AGENT', parts: statusParts } } : {}),
    timestamp,
  };
  const artifacts = outcome.artifact
    ? [
        {
          artifactId: uuid(arena),
          name: outcome.artifact.name,
          description: outcome.artifact.description,
          parts: [...(modes.json ? [{ data: outcome.artifact.data, mediaType: JSON_MODE }] : []), ...(modes.text ? [{ text: outcome.summary, mediaType: TEXT_MODE }] : [])],
        },
      ]
    : [];
  const history = request.historyLength === 0 ? [] : [{ ...request.message.sent, contextId, taskId: id }];
  return { id, contextId, status, ...(artifacts.length > 0 ? { artifacts } : {}), ...(history.length > 0 ? { history } : {}) };
}

/** Which of the answer's part kinds the client takes. */
export interface AnswerModes {
  json: boolean;
  text: boolean;
}

/** Which of JSON and text the client accepts; 415 when it accepts neither, before any work is done. */
export function answerModes(accepted: readonly string[]): AnswerModes {
  if (accepted.length === 0) return { json: true, text: true };
  const takes = (mode: string) => accepted.some((a) => a === mode || a === '*/*' || a === `${mode.split('/')[0]}/*`);
  const modes = { json: takes(JSON_MODE) || takes('application/a2a+json'), text: takes(TEXT_MODE) };
  if (!modes.json && !modes.text) {
    throw new A2AError('contentTypeNotSupported', `this agent answers in ${JSON_MODE} or ${TEXT_MODE}; acceptedOutputModes names neither`, [
      { field: 'configuration.acceptedOutputModes', description: `include ${JSON_MODE} or ${TEXT_MODE}` },
    ]);
  }
  return modes;
}

/** A random (version 4) UUID from the arena's random source. */
function uuid(arena: ArenaContext): string {
  const bytes = arena.randomBytes(16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
