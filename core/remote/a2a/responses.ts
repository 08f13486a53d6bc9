import * as v from 'valibot';
import { Integer, Strings, Timestamp } from '../../schema/response-parts.ts';

/** `GET /.well-known/agent-card.json`: the A2A v1.0 AgentCard. */
export const AgentCardResponseSchema = v.object({
  name: v.string(),
  description: v.string(),
  supportedInterfaces: v.array(v.object({ url: v.string(), protocolBinding: v.string(), protocolVersion: v.string() })),
  provider: v.object({ organization: v.string(), url: v.string() }),
  version: v.string(),
  documentationUrl: v.string(),
  capabilities: v.looseObject({ streaming: v.boolean(), pushNotifications: v.boolean(), extendedAgentCard: v.boolean() }),
  securitySchemes: v.record(v.string(), v.looseObject({})),
  defaultInputModes: Strings,
  defaultOutputModes: Strings,
  skills: v.array(v.looseObject({ id: v.string(), name: v.string(), description: v.string(), tags: Strings, examples: Strings, inputModes: Strings, outputModes: Strings })),
});

/** `GET /a2a/v1`: what the interface serves. */
export const InterfaceResponseSchema = v.object({
  protocolBinding: v.string(),
  protocolVersion: v.string(),
  agentCard: v.string(),
  operations: v.array(v.object({ name: v.string(), method: v.string(), url: v.string() })),
  note: v.string(),
});

/** A part of a message or artifact: text, or structured data, with its media type. */
const Part = v.looseObject({ text: v.optional(v.string()), data: v.optional(v.unknown()), mediaType: v.optional(v.string()) });

/** An A2A v1.0 Task, already in its final state: nothing runs on after the answer. */
export const A2ATaskSchema = v.pipe(
  v.looseObject({
    id: v.string(),
    contextId: v.string(),
    status: v.looseObject({
      state: v.picklist(['TASK_STATE_COMPLETED', 'TASK_STATE_REJECTED']),
      message: v.optional(v.looseObject({ messageId: v.string(), contextId: v.string(), taskId: v.string(), role: v.literal('ROLE_AGENT'), parts: v.array(Part) })),
      timestamp: Timestamp,
    }),
    artifacts: v.optional(v.array(v.looseObject({ artifactId: v.string(), name: v.string(), description: v.string(), parts: v.array(Part) }))),
    history: v.optional(
      v.pipe(v.array(v.looseObject({ messageId: v.string(), role: v.string(), parts: v.array(v.unknown()) })), v.description('The message as sent; only in the answer to it')),
    ),
  }),
  v.title('A2ATask'),
);

/** `POST /a2a/v1/message:send`: a SendMessageResponse holding the task. */
export const SendMessageResponseSchema = v.object({ task: A2ATaskSchema });

/**
 * An A2A error: a `google.rpc.Status` as JSON. `details` holds an `ErrorInfo` (its `reason` names
 * the A2A error, such as INVALID_PARAMS or TASK_NOT_FOUND) and, for a bad field, a `BadRequest`.
 */
export const A2AErrorResponseSchema = v.pipe(
  v.object({
    error: v.object({
      code: v.pipe(Integer, v.description('The HTTP status')),
      status: v.pipe(v.string(), v.description('The google.rpc.Code name, such as INVALID_ARGUMENT')),
      message: v.string(),
      details: v.array(
        v.looseObject({
          '@type': v.string(),
          reason: v.optional(v.string()),
          domain: v.optional(v.string()),
          fieldViolations: v.optional(v.array(v.object({ field: v.string(), description: v.string() }))),
        }),
      ),
    }),
  }),
  v.title('A2AError'),
);
