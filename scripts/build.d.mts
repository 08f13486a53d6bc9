/** dist/server/: the operator's servers, by the name each is run by, with their sources. */
export declare const SERVERS: Record<string, string>;
/** The package's modules in dist/ (`core/index.js`, …), each built from the TypeScript source of the same path. */
export declare const PACKAGE_MODULES: string[];
/** Builds dist/ afresh (esbuild must be installed). */
export declare function build(): Promise<void>;
/** True when dist/ is missing, or a source it was built from changed since. */
export declare function isStale(): Promise<boolean>;
/** What the bundles leave out, loaded from node_modules where they run. */
export declare const EXTERNAL: readonly string[];
/** The development dependencies the build itself runs. */
export declare const BUILD_TOOLS: readonly string[];
