import { clientKeyOf } from '../core/index.ts';

/**
 * The client's address: the socket's peer, or, when the operator says the proxy in front is
 * trusted (`ARENA_TRUST_PROXY=1`), the last address of `X-Forwarded-For`: the one that proxy
 * appended. Earlier hops are written by the client itself and could dodge per-client caps. A
 * last hop that is not an IP address (`unknown`, a name, garbage) is not taken: the peer (the
 * proxy) is, so such requests share one budget rather than each naming a new client.
 */
export function clientAddress(request: Request, peer: string | undefined, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const appended = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
    if (appended !== undefined && clientKeyOf(appended) !== undefined) return appended;
  }
  return peer;
}
