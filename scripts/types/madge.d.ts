/** The part of madge's API (v8, which ships no types) that scripts/lint/cycles.test.ts uses. */
declare module 'madge' {
  interface MadgeConfig {
    baseDir?: string;
    fileExtensions?: string[];
    excludeRegExp?: RegExp[];
    /** A tsconfig path, or a parsed config (`{ options }`, as TypeScript's parser returns it). */
    tsConfig?: string | { options: object };
    detectiveOptions?: Record<string, Record<string, boolean>>;
  }
  interface MadgeResult {
    /** Each file (relative to baseDir) with the files it imports. */
    obj(): Record<string, string[]>;
    /** Each cycle as the list of files in it. */
    circular(): string[][];
    /** Imports madge could not resolve to a file. */
    warnings(): { skipped: string[] };
  }
  export default function madge(path: string | string[], config?: MadgeConfig): Promise<MadgeResult>;
}
