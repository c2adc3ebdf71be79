/**
 * The API's module graph (issue 50, decision 0465): every import between the folders of
 * `apps/api/src/modules/<m>/` — value imports, `import type`, `export … from` and lazy
 * `import()` — mapped to the module it lands in. Test files are left out: nothing imports a
 * test, so a test cannot close a cycle, and tests may reach anywhere to arrange a case.
 *
 * `strongGroups` finds the strongly connected groups (Tarjan): a group of two or more modules,
 * or one module importing itself through another folder, is a cycle. Run this file to print
 * the graph: `node --import tsx scripts/lint/module-graph.ts`.
 *
 * The same functions read the sub-folders of one module as nodes (decision 0478): pass the
 * module's folder (`…/modules/enrolment`) instead of `modules/`, and each of its sub-folders is a
 * node; imports leaving the module are not edges there.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** One import statement from a file of module `from` into module `to`. */
export interface ModuleImport {
  from: string;
  to: string;
  /** `apps/api/src/modules/…/x.ts:12` (relative to `modulesDir`'s parent of parents). */
  site: string;
  specifier: string;
}

const SOURCE = /\.tsx?$/;
const TEST = /\.test\.tsx?$/;

/** The non-test TypeScript files under `dir`. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (SOURCE.test(name) && !TEST.test(name) && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The module (first folder under `modulesDir`) that `file` belongs to, or null outside. */
function moduleOf(modulesDir: string, file: string): string | null {
  const rel = path.relative(modulesDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [first, ...rest] = rel.split(path.sep);
  return rest.length > 0 ? (first ?? null) : null;
}

/** Every cross-module import of the modules in `modulesDir` (`…/src/modules`). */
export function moduleImports(modulesDir: string, siteRoot = path.resolve(modulesDir, '../../../..')): ModuleImport[] {
  const found: ModuleImport[] = [];
  for (const file of sourceFiles(modulesDir)) {
    const from = moduleOf(modulesDir, file);
    if (!from) continue;
    const text = readFileSync(file, 'utf8');
    // preProcessFile lists `import`, `import type`, `export … from` and `import()` alike.
    const info = ts.preProcessFile(text, true, true);
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const target = path.resolve(path.dirname(file), ref.fileName);
      const to = moduleOf(modulesDir, target);
      if (!to || to === from) continue;
      const line = text.slice(0, ref.pos).split('\n').length;
      found.push({ from, to, site: `${path.relative(siteRoot, file)}:${line}`, specifier: ref.fileName });
    }
  }
  return found.sort((a, b) => a.site.localeCompare(b.site));
}

/** The source files lying directly in `dir`, outside any sub-folder (a layered module has none). */
export function looseFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((n) => SOURCE.test(n) && !statSync(path.join(dir, n)).isDirectory())
    .map((n) => path.join(dir, n));
}

/** The modules (folders) under `modulesDir`. */
export function moduleNames(modulesDir: string): string[] {
  return readdirSync(modulesDir)
    .filter((n) => statSync(path.join(modulesDir, n)).isDirectory())
    .sort();
}

/** `from → to: count` for every module edge. */
export function edgeCounts(imports: ModuleImport[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const i of imports) counts.set(`${i.from} → ${i.to}`, (counts.get(`${i.from} → ${i.to}`) ?? 0) + 1);
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}

/** The strongly connected groups of two or more modules (each one a knot of cycles). */
export function strongGroups(nodes: string[], imports: ModuleImport[]): string[][] {
  const next = new Map<string, Set<string>>(nodes.map((n) => [n, new Set()]));
  for (const i of imports) {
    if (!next.has(i.from)) next.set(i.from, new Set());
    if (!next.has(i.to)) next.set(i.to, new Set());
    next.get(i.from)?.add(i.to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, counter);
    low.set(v, counter);
    counter += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w === undefined) break;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const n of [...next.keys()].sort()) if (!index.has(n)) visit(n);
  return groups.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** A readable account of each group: its nodes (`modules` or `sub-folders`) and every import that closes it. */
export function describeGroups(groups: string[][], imports: ModuleImport[], nodes = 'modules'): string {
  return groups
    .map((group) => {
      const inside = imports.filter((i) => group.includes(i.from) && group.includes(i.to));
      return [
        `cycle among ${nodes} {${group.join(', ')}}, closed by these imports:`,
        ...inside.map((i) => `  ${i.from} → ${i.to}  ${i.site}  (${i.specifier})`),
      ].join('\n');
    })
    .join('\n');
}

/** Who imports whom, in how many imports, and which modules each one may reach: a report. */
export function report(modulesDir: string, noun = 'modules'): string {
  const imports = moduleImports(modulesDir);
  const nodes = moduleNames(modulesDir);
  const counts = edgeCounts(imports);
  const groups = strongGroups(nodes, imports);
  const lines = [
    `${nodes.length} ${noun}, ${imports.length} imports between them over ${counts.size} edges, ` +
      `${groups.length} strongly connected group(s)`,
    ...[...counts].map(([edge, n]) => `  ${edge}: ${n}`),
  ];
  if (groups.length > 0) lines.push(describeGroups(groups, imports, noun));
  return lines.join('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = process.argv[2] ?? path.resolve(import.meta.dirname, '../../apps/api/src/modules');
  console.log(report(dir));
  if (process.argv[2] === undefined) {
    console.log('\nInside enrolment (its sub-folders as nodes):');
    console.log(report(path.join(dir, 'enrolment'), 'sub-folders'));
  }
}
