import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFile(new URL(`../${file}`, import.meta.url), 'utf8');

describe('the licence', () => {
  it('is the MIT licence package.json names, with its holder and year', async () => {
    const { license } = JSON.parse(await read('package.json')) as { license: string };
    expect(license).toBe('MIT');
    const text = await read('LICENSE');
    expect(text.split('\n').slice(0, 3)).toEqual(['MIT License', '', 'Copyright (c) 2026 Agent Arena contributors']);
    // The licence's own words, unchanged: its grant and its disclaimer.
    const words = text.replace(/\s+/g, ' ');
    expect(words).toContain('Permission is hereby granted, free of charge, to any person obtaining a copy of this software');
    expect(words).toContain('The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.');
    expect(words).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });
});
