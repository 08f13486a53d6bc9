import { build, isStale } from '../../scripts/build.mjs';
import { installOtherNodes } from './node-versions.ts';
import { installNested } from './nested-install.ts';
import { GENERATED_CLIENT } from './generated-client.ts';

/**
 * Before any test: the Node server built into dist/, as `npm start` runs it, and Node 22 and 24
 * installed beside the Node running the suite (test/runtimes), for the tests that run on them,
 * and the stock OpenAPI client tools (test/generated-client).
 */
export default async function setup(): Promise<void> {
  if (await isStale()) await build();
  await installOtherNodes();
  await installNested(GENERATED_CLIENT);
}
