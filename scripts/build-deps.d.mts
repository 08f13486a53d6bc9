/** What the servers' bundles take in: the dependencies and the peers they do not leave out, with their ranges. */
export declare function bundledDependencies(manifest: { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> }): Record<string, string>;
