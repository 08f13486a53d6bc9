import { withHeaders } from './respond.ts';

/**
 * `X-Content-Type-Options: nosniff` on every answer, added once where the arena answers: a
 * browser then treats a body as the type it is declared, never guesses (a JSON document that
 * quotes an agent's text is never run as HTML or script).
 */
export function withNoSniff(response: Response): Response {
  return withHeaders(response, (headers) => headers.set('x-content-type-options', 'nosniff'));
}
