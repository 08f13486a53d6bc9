/** A2A v1.0 over the HTTP+JSON binding, at the base path the spec fixes (section 9). */
export const A2A_PROTOCOL_VERSION = '1.0';
export const A2A_BINDING = 'HTTP+JSON';
export const A2A_BASE_PATH = '/a2a/v1';
/** The media type A2A answers in; requests may also be plain `application/json`. */
export const A2A_MEDIA_TYPE = 'application/a2a+json';
/** The service parameter (an HTTP header in this binding) that names the client's A2A version. */
export const A2A_VERSION_HEADER = 'a2a-version';

/** A JSON answer in the A2A media type. */
export function a2aJson(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': A2A_MEDIA_TYPE, 'cache-control': 'no-store' },
  });
}
