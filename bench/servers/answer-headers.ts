/**
 * The headers of the minimal form's "headed" variant (`http-play-*`): the arena's own answer
 * headers, as the bench read them from the arena's answer and handed them over in
 * `ANSWER_HEADERS` (a JSON list of [name, value] pairs), with a request id made for each answer
 * in the arena's form (an instance's 12 characters, then a count in base 36). Undefined without
 * that variable: the minimal form then sends its content type alone.
 */
import { encodeBase64Url } from '../../core/index.ts';

export function arenaHeadersMaker(given: string | undefined): (() => Record<string, string>) | undefined {
  if (given === undefined) return undefined;
  const fixed = Object.fromEntries(JSON.parse(given) as [string, string][]);
  const instance = encodeBase64Url(crypto.getRandomValues(new Uint8Array(9)));
  let count = 0;
  return () => ({ ...fixed, 'x-request-id': `${instance}${(count++).toString(36)}` });
}
