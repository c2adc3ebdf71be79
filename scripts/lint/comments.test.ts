/**
 * Comments cite what a clone holds (decision record 0294): the source never points at the
 * product documents outside the repository ("SPEC §n", "CONTRACT §n": a reader of the code does
 * not have them); it states the rule, or links a section of docs/product.md, docs/api.md or
 * docs/development.md, and every such link names a heading that exists.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../child-process.js';

/** Where the source lives, and what of it is not source. */
const FOLDERS = ['apps', 'packages', 'scripts'];
const SKIP_DIRS = new Set(['node_modules', 'dist', 'data', 'results', '.vite']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|html|sql|sh|md|json|yml|yaml)$/;
const THIS_FILE = path.relative(ROOT, import.meta.filename);

/** The words in capitals, as the outside documents are named (CONTRACT_ROUTES and the like are not). */
const OUTSIDE_DOCUMENT = /\b(?:SPEC|CONTRACT)\b(?!_)/;
/** A link to a section of the repository's own documents: `docs/api.md#orders`. */
const DOCS_LINK = /\bdocs\/(product|api|development)\.md#([a-z0-9-]+)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIP_DIRS.has(entry.name) ? [] : sourceFiles(rel);
    return TEXT_FILE.test(entry.name) && rel !== THIS_FILE ? [rel] : [];
  });
}

/** `file:line: text` of each line of `text` that names an outside document. */
function outsideCitations(file: string, text: string): string[] {
  return text
    .split('\n')
    .flatMap((line, i) =>
      OUTSIDE_DOCUMENT.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
    );
}

/** GitHub's anchors of a markdown file's headings (lower case, punctuation dropped, spaces as '-'). */
function anchorsOf(markdown: string): Set<string> {
  const headings = [...markdown.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => m[1] ?? '');
  return new Set(
    headings.map((h) =>
      h
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s-]/gu, '')
        .replace(/\s/g, '-'),
    ),
  );
}

const files = FOLDERS.flatMap(sourceFiles);

describe('comments cite what a clone holds', () => {
  test('the check sees a citation of an outside document, and lets names like CONTRACT_ROUTES be', () => {
    const cited = [
      '/** Seats (SPEC §9). */',
      '// CONTRACT §4 Users',
      'const CONTRACT_ROUTES = [];',
      '/** A spec of the route. */',
    ];
    assert.deepEqual(outsideCitations('x.ts', cited.join('\n')), [
      'x.ts:1: /** Seats (SPEC §9). */',
      'x.ts:2: // CONTRACT §4 Users',
    ]);
  });

  test('no source file cites SPEC or CONTRACT (state the rule, or link docs/product.md or docs/api.md)', () => {
    assert.ok(files.length > 300, `read only ${files.length} files`);
    const found = files.flatMap((file) =>
      outsideCitations(file, readFileSync(path.join(ROOT, file), 'utf8')),
    );
    assert.deepEqual(found, []);
  });

  test('every docs/<file>.md#section a source file names is a heading of that file', () => {
    const anchors = new Map(
      ['product', 'api', 'development'].map((doc) => [
        doc,
        anchorsOf(readFileSync(path.join(ROOT, `docs/${doc}.md`), 'utf8')),
      ]),
    );
    const broken = files.flatMap((file) =>
      [...readFileSync(path.join(ROOT, file), 'utf8').matchAll(DOCS_LINK)]
        .filter(([, doc = '', anchor = '']) => !anchors.get(doc)?.has(anchor))
        .map(([link]) => `${file}: ${link}`),
    );
    assert.deepEqual(broken, []);
  });
});
