import type { HttpError } from './problem.ts';
import { malformedRequest as malformed } from './refusals.ts';

/**
 * The request's URL, checked once before anything routes on it. A URL the runtime could not
 * build (Bun hands over a bare path when the Host is malformed), a Host header that is not a
 * host with an optional port, or percent-encoding that does not decode to UTF-8 in the path or
 * the query is returned as the 400 to answer, rather than thrown further in.
 */
export function requestTarget(request: Request, isHost: (host: string) => boolean = isHostName): URL | HttpError {
  const url = parsed(request.url);
  if (!url) return malformed('the request URL cannot be formed; send a path that starts with / and a valid Host header');
  const host = request.headers.get('host');
  if (host !== null && !isHost(host)) return malformed('the Host header is not a host name or address with an optional port');
  if (!decodes(url.pathname)) return malformed('the path has malformed percent-encoding: each % starts %XX, and the bytes decode as UTF-8');
  if (!decodes(url.search)) return malformed('the query has malformed percent-encoding: each % starts %XX, and the bytes decode as UTF-8');
  return url;
}

/** `host[:port]` and nothing else: no path, user, query or fragment, which a URL parse would otherwise absorb. */
export function isHostName(host: string): boolean {
  const url = parsed(`http://${host}/`);
  return url !== undefined && url.pathname === '/' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
}

/**
 * {@link isHostName} remembering its last answer: a server's requests nearly all name the same
 * Host, and checking it costs two URL parses.
 */
export function rememberingHostCheck(): (host: string) => boolean {
  let lastHost: string | undefined;
  let lastAnswer = false;
  return (host) => {
    if (host !== lastHost) {
      lastAnswer = isHostName(host);
      lastHost = host;
    }
    return lastAnswer;
  };
}

function parsed(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/** Whether `part`'s percent-encoding decodes as UTF-8; text with no `%` has none to decode. */
function decodes(part: string): boolean {
  if (!part.includes('%')) return true;
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
}
