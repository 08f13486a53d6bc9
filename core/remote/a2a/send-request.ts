import * as v from 'valibot';
import { A2AError, type FieldViolation } from './errors.ts';

/** A part this agent reads: text, or structured data. */
export type InputPart = { kind: 'text'; text: string } | { kind: 'data'; data: unknown };

/** A validated `SendMessageRequest` (A2A v1.0), reduced to what this agent uses. */
export interface SendRequest {
  message: {
    messageId: string;
    contextId?: string;
    parts: InputPart[];
    /** The message as sent, echoed in the task's history. */
    sent: Record<string, unknown>;
  };
  /** Media types the client accepts in the answer; empty means any. */
  acceptedOutputModes: string[];
  historyLength?: number;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * Checks a `SendMessageRequest` body: a user message with an id and at least one part, each part
 * exactly one of `text`, `data`, `url`, `raw`. Files (`url`, `raw`) are a content type this agent
 * does not take; a `taskId` or a push-notification config asks for what it does not offer.
 */
export function parseSendRequest(body: unknown): SendRequest {
  if (!isObject(body)) throw invalid('the body must be a SendMessageRequest JSON object', 'request');
  const message = body.message;
  if (!isObject(message)) throw invalid('a SendMessageRequest needs a message object', 'message');
  const violations: FieldViolation[] = [];
  if (!isText(message.messageId) || message.messageId === '') violations.push({ field: 'message.messageId', description: 'required: a non-empty string, unique per message' });
  if (message.role !== 'ROLE_USER') violations.push({ field: 'message.role', description: 'must be "ROLE_USER"' });
  if (message.contextId !== undefined && !isText(message.contextId)) violations.push({ field: 'message.contextId', description: 'must be a string' });
  if (!Array.isArray(message.parts) || message.parts.length === 0) violations.push({ field: 'message.parts', description: 'at least one part is required' });
  // What the task echoes back must keep the v1.0 shape, so the optional members are checked too.
  if (message.metadata !== undefined && !isObject(message.metadata)) violations.push({ field: 'message.metadata', description: 'must be an object' });
  if (message.extensions !== undefined && !(Array.isArray(message.extensions) && message.extensions.every(isText))) {
    violations.push({ field: 'message.extensions', description: 'must be an array of extension URIs' });
  }
  if (message.referenceTaskIds !== undefined && !(Array.isArray(message.referenceTaskIds) && message.referenceTaskIds.every(isText))) {
    violations.push({ field: 'message.referenceTaskIds', description: 'must be an array of task ids' });
  }
  if (body.metadata !== undefined && !isObject(body.metadata)) violations.push({ field: 'metadata', description: 'must be an object' });
  const configuration = body.configuration;
  if (configuration !== undefined && !isObject(configuration)) violations.push({ field: 'configuration', description: 'must be an object' });
  const historyLength = isObject(configuration) ? configuration.historyLength : undefined;
  if (historyLength !== undefined && historyLength !== null && !(Number.isSafeInteger(historyLength) && (historyLength as number) >= 0)) {
    violations.push({ field: 'configuration.historyLength', description: 'must be a whole number, 0 or more' });
  }
  if (violations.length > 0) throw new A2AError('invalidParams', describe(violations), violations);

  const parts = (message.parts as unknown[]).map((part, index) => inputPart(part, `message.parts[${index}]`));
  if (isText(message.taskId) && message.taskId !== '') {
    throw new A2AError('unsupportedOperation', 'tasks here are completed in the answer to their message, so no message continues one: send a new message without taskId');
  }
  const config = (configuration ?? {}) as Json;
  if (config.taskPushNotificationConfig !== undefined && config.taskPushNotificationConfig !== null) {
    throw new A2AError('pushNotificationNotSupported', 'this agent sends no push notifications: every task is completed in the answer');
  }
  return {
    message: {
      messageId: message.messageId as string,
      ...(isText(message.contextId) && message.contextId !== '' ? { contextId: message.contextId } : {}),
      parts,
      sent: message,
    },
    acceptedOutputModes: acceptedModes(config.acceptedOutputModes),
    ...(typeof config.historyLength === 'number' ? { historyLength: config.historyLength } : {}),
  };
}

function inputPart(part: unknown, field: string): InputPart {
  if (!isObject(part)) throw invalid('each part must be an object', field);
  const present = ['text', 'data', 'url', 'raw'].filter((name) => part[name] !== undefined);
  if (present.length !== 1) throw invalid('a part holds exactly one of text, data, url or raw', field);
  if (present[0] === 'url' || present[0] === 'raw') {
    throw new A2AError('contentTypeNotSupported', `${field}: files are not accepted; send text or a data part`, [
      { field, description: 'file parts (url, raw) are not supported' },
    ]);
  }
  if (present[0] === 'text') {
    if (!isText(part.text)) throw invalid('text must be a string', `${field}.text`);
    return { kind: 'text', text: part.text };
  }
  return { kind: 'data', data: part.data };
}

function acceptedModes(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || !value.every(isText)) throw invalid('must be an array of media types', 'configuration.acceptedOutputModes');
  return value;
}

function invalid(description: string, field: string): A2AError {
  return new A2AError('invalidParams', `${field}: ${description}`, [{ field, description }]);
}

function describe(violations: readonly FieldViolation[]): string {
  return `invalid SendMessageRequest: ${violations.map((v) => `${v.field}: ${v.description}`).join('; ')}`;
}

const Strings = v.array(v.string());
const Metadata = v.record(v.string(), v.unknown());

/**
 * What {@link parseSendRequest} takes, for the API description: the handler checks the body
 * itself and answers A2A errors, so this schema is never run.
 */
export const SendMessageRequestSchema = v.pipe(
  v.object({
    message: v.object({
      messageId: v.pipe(v.string(), v.minLength(1), v.description('Unique per message')),
      role: v.literal('ROLE_USER'),
      parts: v.pipe(
        v.array(
          v.pipe(
            v.looseObject({
              text: v.optional(v.string()),
              data: v.optional(v.unknown()),
              mediaType: v.optional(v.string()),
              metadata: v.optional(Metadata),
            }),
            v.description('Exactly one of `text` or `data`: file parts (`url`, `raw`) are refused with 415'),
          ),
        ),
        v.minLength(1),
      ),
      contextId: v.optional(v.string()),
      taskId: v.optional(
        v.pipe(v.string(), v.description('Tasks are completed in the answer to their message, so none can be continued: a non-empty taskId is refused (UNSUPPORTED_OPERATION)')),
      ),
      metadata: v.optional(Metadata),
      extensions: v.optional(Strings),
      referenceTaskIds: v.optional(Strings),
    }),
    configuration: v.optional(
      v.object({
        acceptedOutputModes: v.optional(v.nullable(v.pipe(Strings, v.description('Media types the answer may use; it must take application/json or text/plain')))),
        historyLength: v.optional(v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0), v.description('0 leaves the message out of the task’s history')))),
        taskPushNotificationConfig: v.optional(v.pipe(v.null(), v.description('No push notifications are sent: any config is refused (PUSH_NOTIFICATION_NOT_SUPPORTED)'))),
      }),
    ),
    metadata: v.optional(Metadata),
  }),
  v.description('An A2A v1.0 SendMessageRequest (HTTP+JSON binding), as `application/json` or `application/a2a+json`; a user message of text or data parts.'),
);
