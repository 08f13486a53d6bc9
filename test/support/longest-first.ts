import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that run longest, measured (`Duration` per file in a run): started first, so none
 * is left running alone at the end while the other workers idle. Vitest orders by the durations
 * it remembers, but a fresh clone (CI) has none, and then its order is the files' names.
 */
export const LONGEST = [
  'test/pages/browser.test.ts',
  'test/fuzz/hostile-input.test.ts',
  'test/storage/postgres.test.ts',
  'test/storage/d1.test.ts',
  'test/storage/other-runtimes.test.ts',
  'test/events/clients-leaving.test.ts',
  'test/local/graceful-shutdown.test.ts',
  'test/storage/pglite.test.ts',
  'test/cli/league.test.ts',
  'test/crash/lost-answer.test.ts',
  'test/package/installed.test.ts',
  'test/openapi/generated-client.test.ts',
];

export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONGEST.indexOf(relative(file.project.config.root, file.moduleId));
      return index === -1 ? LONGEST.length : index;
    };
    // A stable sort: the rest keep the order Vitest gave them.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
