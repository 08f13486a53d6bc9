import { describe, expect, it } from 'vitest';
import { preferredType } from './accept.ts';

const OFFERS = ['application/json', 'text/html'] as const;
const pick = (accept: string | null) => preferredType(accept, OFFERS);

describe('preferredType', () => {
  it('gives the first offer when nothing is asked for, or everything equally', () => {
    expect(pick(null)).toBe('application/json');
    expect(pick('')).toBe('application/json');
    expect(pick('*/*')).toBe('application/json');
    expect(pick('application/json, text/html')).toBe('application/json');
  });

  it('follows a browser that prefers HTML', () => {
    expect(pick('text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8')).toBe('text/html');
    expect(pick('text/html')).toBe('text/html');
    expect(pick('text/*')).toBe('text/html');
  });

  it('weighs q-values, and lets the most specific range decide', () => {
    expect(pick('application/json, text/html;q=0.5')).toBe('application/json');
    expect(pick('application/json;q=1, text/html;q=0.1')).toBe('application/json');
    expect(pick('text/html;q=0, application/json')).toBe('application/json');
    expect(pick('text/html;q=0, */*')).toBe('application/json');
    expect(pick('application/json;q=0.2, text/html;q=0.9')).toBe('text/html');
    expect(pick('text/*;q=0.1, text/html;q=0.9, application/json;q=0.5')).toBe('text/html');
    expect(pick('TEXT/HTML;Q=0.9, application/json;q=0.3')).toBe('text/html');
  });

  it('skips malformed ranges and weights instead of failing', () => {
    expect(pick('garbage, text/html;q=2')).toBe('application/json');
    expect(pick(';;, text/html;q=abc')).toBe('application/json');
    expect(pick('text/html;q=0.7, nonsense')).toBe('text/html');
  });
});
