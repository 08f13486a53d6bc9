import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HeaderRecord } from './header-record.ts';
import { answerHeaders, BytesResponse, bytesOf, hasBody, json, madeBodyOf, standardResponse, textResponse, utf8Length, withHeaders } from './respond.ts';

const made = () => json({ hello: 'world' }, { status: 201, headers: { 'x-made': 'here' } });

describe('BytesResponse', () => {
  it('reads as any Response would, once', async () => {
    const response = made();
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.headers.get('x-made')).toBe('here');
    expect(response.bodyUsed).toBe(false);
    expect(await response.json()).toEqual({ hello: 'world' });
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it('gives its bytes while nothing has read the body, and not after', async () => {
    const response = made();
    expect(new TextDecoder().decode(bytesOf(response))).toBe('{"hello":"world"}');
    expect(hasBody(response)).toBe(true);
    expect(await new Response(response.body).text()).toBe('{"hello":"world"}');
    expect(bytesOf(response)).toBeUndefined();
    expect(bytesOf(new Response('plain'))).toBeUndefined();
  });

  it('keeps the text it was made from, declares its length in UTF-8, and gives its bytes on demand', async () => {
    const response = textResponse('é ☃ 𝄞', 'text/plain');
    expect(madeBodyOf(response)).toBe('é ☃ 𝄞');
    expect(bytesOf(response)).toEqual(new TextEncoder().encode('é ☃ 𝄞'));
    expect(response.headers.get('content-length')).toBe('11');
    expect(madeBodyOf(response.clone())).toBe('é ☃ 𝄞');
    expect(await standardResponse(response).text()).toBe('é ☃ 𝄞');
    expect(madeBodyOf(new Response('plain'))).toBeUndefined();
  });

  it('clones with its headers and body, and refuses to once read', async () => {
    const response = made();
    const copy = response.clone();
    expect(copy).toBeInstanceOf(BytesResponse);
    expect(copy.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await copy.text()).toBe(await response.text());
    expect(() => response.clone()).toThrow(TypeError);
  });

  it('becomes an ordinary Response with the same status, headers and body', async () => {
    const response = standardResponse(made());
    expect(response).not.toBeInstanceOf(BytesResponse);
    expect(response.status).toBe(201);
    expect([...response.headers]).toEqual([...made().headers]);
    expect(await response.text()).toBe('{"hello":"world"}');
    const plain = new Response('as is');
    expect(standardResponse(plain)).toBe(plain);
  });

  it('keeps headers given as a record in one until its Headers object is asked for, then in that', () => {
    const response = made();
    const record = answerHeaders(response);
    expect(record).toBeInstanceOf(HeaderRecord);
    record.set('X-Request-Id', 'abc');
    withHeaders(response, (headers) => headers.append('vary', 'Accept-Encoding'));
    expect(answerHeaders(response)).toBe(record);
    expect([...response.headers]).toEqual([
      ['cache-control', 'no-store'],
      ['content-length', '17'],
      ['content-type', 'application/json; charset=utf-8'],
      ['vary', 'Accept-Encoding'],
      ['x-made', 'here'],
      ['x-request-id', 'abc'],
    ]);
    expect(answerHeaders(response)).toBe(response.headers);
    answerHeaders(response).set('x-later', 'kept');
    expect(response.headers.get('x-later')).toBe('kept');
  });

  it('becomes an ordinary Response with the headers its record was given', async () => {
    const response = made();
    answerHeaders(response).set('x-request-id', 'abc');
    const standard = standardResponse(response);
    expect(standard.headers.get('x-request-id')).toBe('abc');
    expect(standard.headers.get('x-made')).toBe('here');
    expect(await standard.text()).toBe('{"hello":"world"}');
  });

  it('keeps headers given as a Headers object in that object', () => {
    const headers = new Headers({ 'x-given': 'as headers' });
    const response = new BytesResponse(new TextEncoder().encode('{}'), { headers });
    expect(answerHeaders(response)).toBe(response.headers);
    expect(response.headers.get('x-given')).toBe('as headers');
  });
});

describe('HeaderRecord', () => {
  it('reads and changes names in any case, as Headers does', () => {
    const record = new HeaderRecord({ 'Content-Type': 'text/plain' });
    expect(record.get('content-type')).toBe('text/plain');
    expect(record.has('CONTENT-TYPE')).toBe(true);
    record.append('Vary', 'Origin');
    record.append('vary', 'Accept-Encoding');
    expect(record.get('VARY')).toBe('Origin, Accept-Encoding');
    record.delete('Content-Type');
    expect(record.has('content-type')).toBe(false);
    expect(record.get('content-type')).toBeNull();
  });

  it('finds no name it was not given, not even an object’s own', () => {
    const record = new HeaderRecord({});
    for (const name of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(record.has(name)).toBe(false);
      expect(record.get(name)).toBeNull();
    }
  });

  it('gives its headers in order of name, as Headers does', () => {
    const given = { 'x-b': '2', 'content-type': 'a', 'X-A': '1' };
    const seen: string[][] = [];
    new HeaderRecord(given).forEach((value, name) => seen.push([name, value]));
    expect(seen).toEqual([...new Headers(given)]);
  });
});

describe('utf8Length', () => {
  it('is the length TextEncoder gives, for any text, short or long, lone surrogates and all', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 64 }),
      fc.string({ unit: 'grapheme', maxLength: 64 }),
      fc.string({ unit: 'binary', minLength: 22_000, maxLength: 30_000 }),
    );
    fc.assert(
      fc.property(text, (value) => {
        expect(utf8Length(value)).toBe(new TextEncoder().encode(value).length);
      }),
      { numRuns: 500 },
    );
    expect(utf8Length('\u{1F600}'.repeat(21_845))).toBe(4 * 21_845);
  });
});
