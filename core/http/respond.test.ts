import { describe, expect, it } from 'vitest';
import { BytesResponse, bytesOf, hasBody, json, standardResponse } from './respond.ts';

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
});
