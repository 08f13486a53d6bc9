import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/longest-first.ts';

export default defineConfig({
  test: {
    include: ['core/**/*.test.ts', 'adapters/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts'],
    // Most suites wait on servers and processes they start rather than compute: two files at once
    // on this 2-core machine finish the suite in 738 s where one at a time (Vitest's default in a
    // run, one fewer than the cores) took 1,023 s. Three were no faster (the machine's CPU is the
    // bound: 1,300 s of it in a run) and made timing flakier.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
