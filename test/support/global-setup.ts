import { build, isStale } from '../../scripts/build.mjs';

/** The Node server runs from dist/, as `npm start` runs it: built once before any test starts one. */
export default async function setup(): Promise<void> {
  if (await isStale()) await build();
}
