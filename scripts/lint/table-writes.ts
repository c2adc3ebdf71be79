/**
 * Which module writes which table (issue 50): the tables are declared in each module's
 * `*.schema.ts` under `apps/api/src/modules/<m>/` (the module that holds the file owns the
 * table), and every write in the modules' source is found and mapped to its module:
 *
 * - Drizzle: `.insert(t)`, `.update(t)`, `.delete(t)` where `t` is a table a schema file exports;
 * - SQL in template or string literals: `INSERT INTO t`, `UPDATE t … SET`, `DELETE FROM t`,
 *   with `${t}` of a schema table read as its name.
 *
 * Test files are left out (they arrange cases). Run this file to print the writes by table:
 * `node --import tsx scripts/lint/table-writes.ts`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './module-graph.js';

/** A table as a schema file declares it. */
export interface OwnedTable {
  /** The SQL name (`order_items`). */
  table: string;
  /** The exported identifier (`orderItems`). */
  name: string;
  /** The module whose folder holds the schema file. */
  owner: string;
  site: string;
  /** Whether the table has a uuid `id` primary key (what `keyOf` shells point at). */
  uuidKey: boolean;
}

/** One write found in a module's source. */
export interface TableWrite {
  table: string;
  module: string;
  kind: 'insert' | 'update' | 'delete';
  /** `apps/api/src/modules/…/x.ts:12` (relative to `siteRoot`). */
  site: string;
}

/** A table named by `keyOf('t')` (a foreign key to a higher module's table by its key). */
export interface KeyShell {
  table: string;
  site: string;
}

const SCHEMA = /\.schema\.ts$/;

/** The module (first folder under `modulesDir`) that `file` belongs to. */
function moduleOf(modulesDir: string, file: string): string {
  return path.relative(modulesDir, file).split(path.sep)[0] ?? '';
}

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
}

const lineOf = (sf: ts.SourceFile, node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;

/** The tables every schema file of the modules declares (`export const x = pgTable('x', …)`), and its `keyOf` shells. */
export function schemaTables(modulesDir: string, siteRoot: string): { tables: OwnedTable[]; shells: KeyShell[] } {
  const tables: OwnedTable[] = [];
  const shells: KeyShell[] = [];
  for (const file of sourceFiles(modulesDir).filter((f) => SCHEMA.test(f))) {
    const sf = parse(file);
    const site = (node: ts.Node) => `${path.relative(siteRoot, file)}:${lineOf(sf, node)}`;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])) {
        const callee = node.expression.text;
        if (callee === 'keyOf') shells.push({ table: node.arguments[0].text, site: site(node) });
        if (callee === 'pgTable') {
          const decl = node.parent;
          const exported =
            ts.isVariableDeclaration(decl) &&
            ts.isIdentifier(decl.name) &&
            ts.isVariableStatement(decl.parent.parent) &&
            (decl.parent.parent.modifiers ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
          if (exported && ts.isIdentifier(decl.name)) {
            const columns = node.arguments[1]?.getText(sf) ?? '';
            tables.push({
              table: node.arguments[0].text,
              name: decl.name.text,
              owner: moduleOf(modulesDir, file),
              site: site(node),
              uuidKey: /\bid: uuid\('id'\)\.primaryKey\(\)/.test(columns),
            });
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { tables, shells };
}

const RAW_WRITES: { kind: TableWrite['kind']; pattern: RegExp }[] = [
  { kind: 'insert', pattern: /\binsert\s+into\s+"?(\w+)"?/gi },
  { kind: 'update', pattern: /\bupdate\s+(?:only\s+)?"?(\w+)"?(?:\s+(?:as\s+)?(?!set\b)\w+)?\s+set\b/gi },
  { kind: 'delete', pattern: /\bdelete\s+from\s+(?:only\s+)?"?(\w+)"?/gi },
];

/** Every write of a schema table in the modules' non-test source. */
export function tableWrites(modulesDir: string, siteRoot: string, tables: OwnedTable[]): TableWrite[] {
  const byName = new Map(tables.map((t) => [t.name, t.table]));
  const known = new Set(tables.map((t) => t.table));
  const found: TableWrite[] = [];
  for (const file of sourceFiles(modulesDir)) {
    if (SCHEMA.test(file)) continue;
    const sf = parse(file);
    const module = moduleOf(modulesDir, file);
    const add = (table: string, kind: TableWrite['kind'], node: ts.Node) =>
      found.push({ table, module, kind, site: `${path.relative(siteRoot, file)}:${lineOf(sf, node)}` });
    /** A literal's text with `${table}` read as the table's name (anything else as `?`). */
    const textOf = (node: ts.TemplateLiteral | ts.StringLiteral): string => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
      let text = node.head.text;
      for (const span of node.templateSpans) {
        const table = ts.isIdentifier(span.expression) ? byName.get(span.expression.text) : undefined;
        text += `${table ?? ' ? '}${span.literal.text}`;
      }
      return text;
    };
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ['insert', 'update', 'delete'].includes(node.expression.name.text) &&
        node.arguments.length === 1 &&
        node.arguments[0] &&
        ts.isIdentifier(node.arguments[0])
      ) {
        const table = byName.get(node.arguments[0].text);
        if (table) add(table, node.expression.name.text as TableWrite['kind'], node);
      }
      if (ts.isTemplateExpression(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isStringLiteral(node)) {
        const text = textOf(node);
        for (const { kind, pattern } of RAW_WRITES) {
          for (const match of text.matchAll(pattern)) {
            const table = match[1]?.toLowerCase();
            if (table && known.has(table)) add(table, kind, node);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found.sort((a, b) => a.site.localeCompare(b.site) || a.table.localeCompare(b.table));
}

/** A write another module than the table's owner makes, allowed by name. */
export interface SharedWrite {
  module: string;
  table: string;
  /** Why this module writes the table rather than calling its owner. */
  reason: string;
  /** What keeps the two writers from undoing each other. */
  guard: string;
}

/** The writes of a table by a module that does not own it and is not named in `shared`. */
export function foreignWrites(writes: TableWrite[], tables: OwnedTable[], shared: readonly SharedWrite[]): string[] {
  const owner = new Map(tables.map((t) => [t.table, t.owner]));
  return writes
    .filter((w) => owner.get(w.table) !== w.module && !shared.some((s) => s.module === w.module && s.table === w.table))
    .map((w) => `${w.module} writes ${w.table} (owned by ${owner.get(w.table)}): ${w.kind} at ${w.site}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(import.meta.dirname, '../../apps/api/src/modules');
  const root = path.resolve(dir, '../../../..');
  const { tables } = schemaTables(dir, root);
  const owner = new Map(tables.map((t) => [t.table, t.owner]));
  const writes = tableWrites(dir, root, tables);
  for (const t of [...tables].sort((a, b) => a.owner.localeCompare(b.owner) || a.table.localeCompare(b.table))) {
    const by = [...new Set(writes.filter((w) => w.table === t.table).map((w) => w.module))];
    const others = by.filter((m) => m !== owner.get(t.table));
    console.log(`${t.owner.padEnd(10)} ${t.table.padEnd(24)} written by ${by.join(', ') || '(nobody in source: triggers)'}${others.length ? '  ← ' + others.join(', ') : ''}`);
  }
}
