import { a2aJson } from './binding.ts';

/**
 * The A2A v1.0 errors this endpoint can answer, with their HTTP status, `google.rpc.Code` name
 * and `ErrorInfo.reason`, as the HTTP+JSON binding and the A2A SDK map them.
 */
const KINDS = {
  invalidParams: { http: 400, status: 'INVALID_ARGUMENT', reason: 'INVALID_PARAMS' },
  contentTypeNotSupported: { http: 415, status: 'INVALID_ARGUMENT', reason: 'CONTENT_TYPE_NOT_SUPPORTED' },
  unsupportedOperation: { http: 400, status: 'FAILED_PRECONDITION', reason: 'UNSUPPORTED_OPERATION' },
  pushNotificationNotSupported: { http: 400, status: 'FAILED_PRECONDITION', reason: 'PUSH_NOTIFICATION_NOT_SUPPORTED' },
  versionNotSupported: { http: 400, status: 'FAILED_PRECONDITION', reason: 'VERSION_NOT_SUPPORTED' },
  taskNotFound: { http: 404, status: 'NOT_FOUND', reason: 'TASK_NOT_FOUND' },
  // A body past the arena's limit: the message is not valid as sent, with HTTP's own status.
  payloadTooLarge: { http: 413, status: 'INVALID_ARGUMENT', reason: 'INVALID_PARAMS' },
} as const;

export type A2AErrorKind = keyof typeof KINDS;

/** A field that failed validation: `google.rpc.BadRequest.FieldViolation`. */
export interface FieldViolation {
  field: string;
  description: string;
}

/** An A2A protocol error, thrown by request handling and answered by {@link a2aErrorResponse}. */
export class A2AError extends Error {
  constructor(
    readonly kind: A2AErrorKind,
    message: string,
    readonly violations: readonly FieldViolation[] = [],
  ) {
    super(message);
    this.name = 'A2AError';
  }
}

/**
 * The binding's error body: a `google.rpc.Status` as JSON (`{ "error": { code, status, message,
 * details } }`), its details an `ErrorInfo` in the `a2a-protocol.org` domain, plus a `BadRequest`
 * listing the fields at fault. The A2A SDK client reads the reason to raise the matching error.
 */
export function a2aErrorResponse(error: A2AError): Response {
  const kind = KINDS[error.kind];
  const details: object[] = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: kind.reason, domain: 'a2a-protocol.org' }];
  if (error.violations.length > 0) details.push({ '@type': 'type.googleapis.com/google.rpc.BadRequest', fieldViolations: error.violations });
  return a2aJson({ error: { code: kind.http, status: kind.status, message: error.message, details } }, kind.http);
}
