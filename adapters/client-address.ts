/**
 * The client's address: the socket's peer, or, when the operator says the proxy in front is
 * trusted (`ARENA_TRUST_PROXY=1`), the last address of `X-Forwarded-For`: the one that proxy
 * appended. Earlier hops are written by the client itself and could dodge per-client caps.
 */
export function clientAddress(request: Request, peer: string | undefined, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const hops = request.headers.get('x-forwarded-for')?.split(',').map((hop) => hop.trim()).filter((hop) => hop !== '');
    const appended = hops?.at(-1);
    if (appended) return appended;
  }
  return peer;
}
