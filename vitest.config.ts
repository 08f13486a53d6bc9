import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/longest-first.ts';

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'adapters/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Most suites wait on servers and processes they start rather than compute: on this 2-core
    // machine three files at once finish the suite in about half the time one at a time takes
    // (Vitest's default in a run is one fewer than the cores: one, here).
    maxWorkers: 3,
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
