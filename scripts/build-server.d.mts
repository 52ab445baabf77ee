/** Types of build-server.mjs for the TypeScript files that use it (the two-process test). */
export const SERVER_ENTRY: string;
export function serverBuildStale(): boolean;
export function buildServerIfStale(options?: { quiet?: boolean }): Promise<number>;
export function bundleForNode(options: {
  entry: string;
  outfile: string;
  sourcemap?: boolean | 'linked';
}): Promise<void>;
