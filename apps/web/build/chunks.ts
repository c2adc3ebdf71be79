/**
 * How the storefront's build is cut into files (`codeSplitting` in vite.config.ts). One rule:
 * **what the start loads is two files, its libraries and the shop's own code**; everything else
 * (each lazy route, the back office, the French and Arabic catalogues, the libraries only they
 * use) is left to the bundler, which makes a chunk of what each set of dynamic imports shares.
 *
 * "What the start loads": the entry (main.tsx), the modules it imports dynamically (its steps)
 * and everything those import statically, found from the module graph, whatever the files are
 * called. Left to itself, the bundler cut that into 18-26 small files, each a request over one of
 * six connections at a mobile round trip before the first paint.
 *
 * Sharing a file does not merge evaluations: with `strictExecutionOrder` (vite.config.ts) a
 * module's body runs when it is first imported, not when its file loads, so main.tsx's steps
 * stay tasks of their own.
 */
import type { Rollup } from 'vite';

type Options = Exclude<NonNullable<Rollup.OutputOptions['codeSplitting']>, boolean>;
type Group = NonNullable<Options['groups']>[number];
type ChunkingContext = Parameters<Extract<Group['name'], (...args: never[]) => unknown>>[1];

/**
 * The shared package's zod schemas: the start imports `@shop/shared`, whose index re-exports them,
 * but runs none of them (the forms load them, and zod, on demand). The module graph cannot tell a
 * re-export nobody uses from an import, so this folder is named.
 */
const ON_DEMAND = /[\\/]packages[\\/]shared[\\/]src[\\/](schemas[\\/]|zod\.ts$)/;

/** True when `moduleId` is in node_modules (a library), false for the shop's own code. */
export function isLibrary(moduleId: string): boolean {
  return /[\\/]node_modules[\\/]/.test(moduleId);
}

type ModuleInfo = NonNullable<ReturnType<ChunkingContext['getModuleInfo']>>;
type GetModuleInfo = (
  moduleId: string,
) => Pick<ModuleInfo, 'isEntry' | 'importers' | 'dynamicImporters'> | null;

/** The entry script: main.tsx, the module index.html (the build's entry) names. */
export function isEntryScript(moduleId: string, getModuleInfo: GetModuleInfo): boolean {
  return (
    getModuleInfo(moduleId)?.importers.some((importer) => getModuleInfo(importer)?.isEntry) === true
  );
}

/**
 * Whether the start loads the module: the entry script imports it (statically, or dynamically:
 * its steps), or a module it imports statically does.
 */
export function isStartModule(
  moduleId: string,
  getModuleInfo: GetModuleInfo,
  seen = new Set<string>(),
): boolean {
  if (seen.has(moduleId)) return false;
  seen.add(moduleId);
  const info = getModuleInfo(moduleId);
  if (!info || info.isEntry || ON_DEMAND.test(moduleId) || isEntryScript(moduleId, getModuleInfo))
    return false;
  const byEntryScript = (id: string) => isEntryScript(id, getModuleInfo);
  if (info.importers.some(byEntryScript) || info.dynamicImporters.some(byEntryScript)) return true;
  return info.importers.some((importer) => isStartModule(importer, getModuleInfo, seen));
}

/** The file a module goes into: `start-libs` or `start` for the start's modules, else the bundler's choice. */
export function startChunkOf(moduleId: string, ctx: ChunkingContext): string | null {
  if (!isStartModule(moduleId, (id) => ctx.getModuleInfo(id))) return null;
  return isLibrary(moduleId) ? 'start-libs' : 'start';
}

export const codeSplitting: Options = {
  groups: [{ name: startChunkOf, debugName: 'start' }],
  // The start's modules only, not whatever they import that the start does not run.
  includeDependenciesRecursively: false,
};
