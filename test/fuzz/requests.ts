import fc from 'fast-check';
import type { DescribedOperation, DocumentSchemas, Parameter } from './document.ts';
import { hostileHeader, hostileParameter, hostileValue, jsonText, percentEncoded } from './hostile-values.ts';
import type { RealValues } from './real-values.ts';
import { pickFrom, validValue } from './valid-values.ts';
import type { WireRequest } from './wire.ts';

/** What requests are made from: the served document's schemas, real values, and a credential for each security scheme. */
export interface Material {
  schemas: DocumentSchemas;
  real: RealValues;
  credentials: Record<string, string>;
}

type Path = (string | number)[];

/** Where in a valid request the one hostile value goes: a parameter (by index), or a node of the body (the whole body at `[]`). */
type Spot = { parameter: number } | { body: Path };

interface ValidParts {
  /** Each parameter's text, or undefined when an optional one is left out. */
  values: (string | undefined)[];
  body: unknown;
  bodyType: string;
  credential: string | undefined;
  accept: string | undefined;
}

/** The paths to every member and item of a JSON value, at any depth, and `[]` for the value itself. */
export function nodePaths(value: unknown, at: Path = []): Path[] {
  const paths: Path[] = [at];
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...nodePaths(item, [...at, index])));
  else if (typeof value === 'object' && value !== null) for (const [name, member] of Object.entries(value)) paths.push(...nodePaths(member, [...at, name]));
  return paths;
}

/** A copy of `value` with what is at `path` replaced (the copy shares everything off the path). */
function replacedAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [step, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[step!] = replacedAt(copy[step!], rest, replacement);
  return copy;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<any>((node, step) => node?.[step], value);
}

/** Text a header can carry as it is (Node's client refuses other characters). */
const headerSafe = (text: string) => text.replace(/[^\t\x20-\x7e\x80-\xff]/g, 'x');

/**
 * A valid request for the operation with, mostly, one value in it made hostile: a parameter,
 * or one member of the body at any depth. Everything else stays valid, real values and the
 * credential the operation takes included, so the hostile value is read past the first checks.
 */
export function almostValid(operation: DescribedOperation, material: Material, hostile = true): fc.Arbitrary<WireRequest> {
  const { schemas, real } = material;
  const values = operation.parameters.map((parameter) => parameterText(parameter, material));
  // Where a credential is optional, mostly with it: it reaches further.
  const alternatives = (operation.security.length > 0 ? operation.security : [[]]).map((schemes) => ({ weight: schemes.length > 0 ? 3 : 1, arbitrary: fc.constant(schemes) }));
  const valid: fc.Arbitrary<ValidParts> = fc.record({
    values: fc.tuple(...values),
    body: operation.body ? validValue(schemas, operation.body.schema, undefined, real) : fc.constant(undefined),
    bodyType: fc.constantFrom(...(operation.body?.types ?? ['application/json'])),
    credential: fc.oneof(...alternatives).map((schemes) => (schemes[0] === undefined ? undefined : credentialFor(material, schemes[0]))),
    accept: fc.constantFrom(undefined, '*/*', 'application/json, text/event-stream'),
  });
  if (!hostile) return valid.map((parts) => wireRequest(operation, parts));
  return valid.chain((parts) => {
    const spots: Spot[] = parts.values.flatMap((value, parameter) => (value === undefined ? [] : [{ parameter }]));
    if (operation.body) spots.push(...nodePaths(parts.body).map((body) => ({ body })));
    const asIs = fc.constant(wireRequest(operation, parts));
    if (spots.length === 0) return asIs;
    const made = pickFrom(spots).chain((spot) => madeHostile(operation, parts, spot));
    return fc.oneof({ weight: 1, arbitrary: asIs }, { weight: 15, arbitrary: made });
  });
}

/** A valid parameter's text, or undefined for an optional one left out. */
function parameterText(parameter: Parameter, { schemas, real }: Material): fc.Arbitrary<string | undefined> {
  // A write's key names it: a fresh one each time, as a client sends.
  if (parameter.in === 'header' && parameter.name.toLowerCase() === 'idempotency-key') return fc.uuid();
  const text = validValue(schemas, parameter.schema, parameter.name, real).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  // A path segment is never empty.
  if (parameter.in === 'path') return text.filter((segment) => segment !== '');
  // An optional one mostly left out: a made-up cursor or filter ends most requests early.
  return parameter.required ? text : fc.oneof({ weight: 2, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: text });
}

function madeHostile(operation: DescribedOperation, parts: ValidParts, spot: Spot): fc.Arbitrary<WireRequest> {
  if ('body' in spot) {
    return hostileValue(valueAt(parts.body, spot.body)).map((value) => wireRequest(operation, { ...parts, body: replacedAt(parts.body, spot.body, value) }));
  }
  const parameter = operation.parameters[spot.parameter]!;
  const original = parts.values[spot.parameter]!;
  const wire = parameter.in === 'header' ? hostileHeader(headerSafe(original)) : hostileParameter(original);
  return wire.map((text) => wireRequest(operation, parts, { index: spot.parameter, text }));
}

function credentialFor(material: Material, scheme: string): string {
  const credential = material.credentials[scheme];
  if (credential === undefined) throw new Error(`the document names the security scheme ${scheme}, which the fuzz has no credential for: add one`);
  return credential;
}

/** The request on the wire; `raw` is one parameter's text, sent as it is (already encoded). */
function wireRequest(operation: DescribedOperation, parts: ValidParts, raw?: { index: number; text: string }): WireRequest {
  const encoded = (parameter: Parameter, index: number): string | undefined => {
    const value = parts.values[index];
    if (value === undefined) return undefined;
    if (raw?.index === index) return raw.text;
    return parameter.in === 'header' ? headerSafe(value) : encodeURIComponent(value.toWellFormed());
  };
  let path = operation.path;
  const query: string[] = [];
  const headers: Record<string, string> = {};
  operation.parameters.forEach((parameter, index) => {
    const text = encoded(parameter, index);
    if (text === undefined) return;
    if (parameter.in === 'path') path = path.replace(`{${parameter.name}}`, text);
    else if (parameter.in === 'query') query.push(`${encodeURIComponent(parameter.name)}=${text}`);
    else headers[parameter.name.toLowerCase()] = text;
  });
  if (parts.credential !== undefined) headers.authorization = `Bearer ${parts.credential}`;
  // An Accept the operation declares (MCP's) stands.
  if (parts.accept !== undefined) headers.accept ??= parts.accept;
  const target = query.length === 0 ? path : `${path}?${query.join('&')}`;
  if (!operation.body || parts.body === undefined) return { method: operation.method, target, headers };
  return { method: operation.method, target, headers: { ...headers, 'content-type': parts.bodyType }, body: jsonText(parts.body) };
}

// The wide net: requests of every shape a route could be sent, valid or not.

const IMPLEMENTED_AND_NOT = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE', 'FOO'];
const LIMIT = 16_384;

const oddText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '\ud800',
    '\udfff',
    'ｕｒｕ',
    'UURR\u200b',
    '%',
    '%ZZ',
    '%E0%A4%A',
    '%FF',
    '..',
    '../..',
    '<script>',
    "'; DROP TABLE agents; --",
    'arena_'.padEnd(49, 'A'),
  ),
  fc.integer({ min: 1, max: 30_000 }).map((n) => 'x'.repeat(n)),
);
const deepJson = fc.integer({ min: 20, max: 5000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);
const jsonValue = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.object({ maxDepth: 3 }), fc.array(oddText, { maxLength: 30 }));
const contentTypes = fc.constantFrom(
  undefined,
  'application/json',
  'application/json; charset=utf-8',
  'application/problem+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  '*/*',
  'application/a2a+json',
);
const keys = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom('', ' ', 'k', 'x'.repeat(256), 'key with spaces'),
  fc.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((c) => String.fromCharCode(c)), minLength: 1, maxLength: 255 }),
);
const accepts = fc.constantFrom(undefined, 'application/json', 'text/html', 'application/json, text/event-stream', '*/*;q=0', 'text/csv');

/** A body of some JSON shape, maybe of the operation's members with wrong values, or not JSON at all. */
function bodies(members: string[]): fc.Arbitrary<Uint8Array | undefined> {
  const bytes = (text: string) => Buffer.from(text);
  const ofMembers = members.length === 0 ? fc.object() : fc.dictionary(fc.constantFrom(...members), fc.oneof(jsonValue, oddText), { maxKeys: members.length });
  return fc.oneof(
    fc.constant(undefined),
    ofMembers.map((value) => bytes(JSON.stringify(value))),
    jsonValue.map((value) => bytes(JSON.stringify(value) ?? 'null')),
    deepJson.map((deep) => bytes(`{"${members[0] ?? 'x'}":${deep}}`)),
    oddText.map(bytes),
    fc.uint8Array({ maxLength: 200 }),
    fc.constantFrom(Buffer.from([0xff, 0xfe, 0x7b, 0x7d]), bytes('{"a":"\\ud800"}'), bytes('{"a":1,"a":2}'), bytes('{'.repeat(3))),
    fc.integer({ min: LIMIT - 10, max: LIMIT * 3 }).map((size) => bytes(`{"${members[0] ?? 'x'}":"${'A'.repeat(size)}"}`)),
  );
}

/** Fills `{params}` with odd (percent-encoded) segments, and adds an odd query. */
function targets(operation: DescribedOperation): fc.Arbitrary<string> {
  const segment = fc.oneof(
    fc.constantFrom('1', '0', '-1', '99999999999999999999', 'att_x', 'top_x', 'packet-run', 'not-found'),
    oddText.map(percentEncoded),
    fc.constantFrom('%ZZ', '%FF', '%2e%2e', '%00'),
  );
  const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const path = fc.tuple(...names.map(() => segment)).map((values) => names.reduce((path, name, i) => path.replace(`{${name}}`, values[i]!), operation.path));
  const queryNames = operation.parameters.filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  // Values percent-encoded byte by byte, or malformed percent-encoding sent as it is.
  const value = fc.oneof(oddText.map(percentEncoded), fc.constantFrom('%ZZ', '%FF', '%E0%A4%A', '%', '%%'));
  const pair = fc.tuple(fc.oneof(fc.constantFrom(...(queryNames.length ? queryNames : ['x'])), fc.string({ maxLength: 8 })).map(percentEncoded), value);
  const query = fc.array(pair, { maxLength: 4 }).map((pairs) => (pairs.length === 0 ? '' : `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}`));
  return fc.tuple(path, query).map(([p, q]) => `${p}${q}`);
}

/** The body in chunks of 1000 bytes; none for an empty body (an empty chunk would end the body early). */
function split(body: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < body.length; offset += 1000) chunks.push(body.subarray(offset, offset + 1000));
  return chunks;
}

/**
 * Anything at all sent to the operation's path: odd methods, targets, content types,
 * credentials (none, malformed, unknown, real), bodies that are not JSON or past the limit,
 * chunked ones too.
 */
export function anyShape(operation: DescribedOperation, material: Material): fc.Arbitrary<WireRequest> {
  const members = Object.keys(operation.body?.schema.schema.properties ?? {});
  const bearers = fc.oneof(
    fc.constant(undefined),
    fc.constantFrom('Bearer', 'Bearer ', 'Basic YTpi', `Bearer arena_${'A'.repeat(43)}`, 'Bearer eyJhbGciOiJub25lIn0.e30.', 'bearer x y'),
    oddText.map((text) => `Bearer ${text.replace(/[^\x21-\x7e]/g, '')}`),
    fc.constantFrom(...Object.values(material.credentials)).map((credential) => `Bearer ${credential}`),
  );
  const methods = fc.oneof({ weight: 6, arbitrary: fc.constant(operation.method) }, fc.constantFrom(...IMPLEMENTED_AND_NOT));
  return fc
    .record({ method: methods, target: targets(operation), type: contentTypes, bearer: bearers, key: keys, accept: accepts, body: bodies(members), chunked: fc.boolean() })
    .map(({ method, target, type, bearer, key, accept, body, chunked }) => {
      const headers: Record<string, string> = {};
      if (type) headers['content-type'] = type;
      if (bearer) headers.authorization = bearer;
      if (key !== undefined) headers['idempotency-key'] = key;
      if (accept) headers.accept = accept;
      const withBody = method !== 'GET' && method !== 'HEAD' && body !== undefined;
      if (!withBody) return { method, target, headers };
      return chunked ? { method, target, headers, chunks: split(body) } : { method, target, headers, body };
    });
}
