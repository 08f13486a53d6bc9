/** dist/server/: the operator's servers, by the name each is run by, with their sources. */
export declare const SERVERS: Record<string, string>;
/** The package's modules in dist/ (`core/index.js`, …), each built from the TypeScript source of the same path. */
export declare const PACKAGE_MODULES: string[];
/** What a build makes: the package, the servers, or both (the default). */
export type Part = 'package' | 'servers';
export declare const PARTS: readonly Part[];
/** Builds dist/ afresh (esbuild must be installed). */
export declare function build(parts?: readonly Part[]): Promise<void>;
/** True when dist/ is missing, lacks one of `parts`, or a source it was built from changed since. */
export declare function isStale(parts?: readonly Part[]): Promise<boolean>;
/** What the bundles leave out, loaded from node_modules where they run. */
export declare const EXTERNAL: readonly string[];
/** The development dependencies a build of the servers runs. */
export declare const BUILD_TOOLS: readonly string[];
/** Bundles servers as the operator's are (`entryPoints`: name to source path) into `outdir`, with `esbuild` (the module). */
export declare function bundleServers(esbuild: typeof import('esbuild'), entryPoints: Record<string, string>, outdir: string): Promise<void>;
