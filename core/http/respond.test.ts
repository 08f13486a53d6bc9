import { describe, expect, it } from 'vitest';
import { HeaderRecord } from './header-record.ts';
import { answerHeaders, BytesResponse, bytesOf, hasBody, json, standardResponse, withHeaders } from './respond.ts';

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
