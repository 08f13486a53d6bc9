/**
 * `X-Content-Type-Options: nosniff` on every answer, added once where the arena answers: a
 * browser then treats a body as the type it is declared, never guesses (a JSON document that
 * quotes an agent's text is never run as HTML or script).
 */
export function withNoSniff(response: Response): Response {
  // The router builds every answer afresh (CORS is added to a copy), so its headers are writable.
  response.headers.set('x-content-type-options', 'nosniff');
  return response;
}
