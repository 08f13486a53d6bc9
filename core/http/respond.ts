/** A JSON response; handlers return plain values and the router wraps them with this. */
export function json(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...init.headers },
  });
}

/** A text response (Markdown, plain text, XML) in UTF-8. */
export function textResponse(body: string, type: string): Response {
  return new Response(body, { headers: { 'content-type': `${type}; charset=utf-8`, 'cache-control': 'no-store' } });
}
