import { defineConfig } from 'vitest/config';
import { LongestFirst } from './test/support/longest-first.ts';

/**
 * Files that need modules of their own: `vi.mock` replaces a module for the whole worker, so a
 * file that mocks one runs isolated (see below).
 */
const ISOLATED = ['test/docs-figures.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    // Two files at once on this 2-core machine: one at a time (Vitest's default, one fewer than
    // the cores) took 1,023 s where two took 738 s, isolated. Three were no faster (the machine's
    // CPU is the bound) and made timing flakier. With modules shared per worker (below) and the
    // storage suite copying a migrated database, the run took 534 s; 566 s with the tests since
    // (587 s from a fresh clone): little margin left.
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['core/**/*.test.ts', 'adapters/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...ISOLATED],
          // Each worker imports the core and the test support once, not once per file: isolated,
          // importing took 152 s of the run's 1,300 s of CPU, shared 21 s. No file here mocks a
          // module or stubs a global; the module state they share (fixture counters) only keeps
          // ids apart. A run with the files shuffled (--sequence.shuffle.files) passes too.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
