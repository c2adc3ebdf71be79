/**
 * The decision records of docs/decisions/: every record file is listed in the index
 * (docs/decisions/README.md), every index row and every link between records names a file that
 * exists, and each record has the sections a reader expects (title, status, context, decision,
 * consequences).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { ROOT } from '../child-process.js';

const DIR = path.join(ROOT, 'docs/decisions');
const RECORD = /^\d{4}-[a-z0-9]+(-[a-z0-9]+)*\.md$/;

const files = readdirSync(DIR).filter((name) => name.endsWith('.md') && name !== 'README.md');
const index = readFileSync(path.join(DIR, 'README.md'), 'utf8');
/** Targets of the markdown links `](target)` in `text` that point at a sibling record. */
const recordLinks = (text: string) =>
  [...text.matchAll(/\]\(([^)#\s]+\.md)(#[^)]*)?\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => RECORD.test(target));

describe('decision records', () => {
  test('every file is named NNNN-kebab-title.md', () => {
    const badly = files.filter((name) => !RECORD.test(name));
    assert.deepEqual(badly, [], `rename to NNNN-kebab-title.md: ${badly.join(', ')}`);
  });

  test('no two records share a number', () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const name of files) {
      const number = name.slice(0, 4);
      const other = seen.get(number);
      if (other) clashes.push(`${other} and ${name}`);
      seen.set(number, name);
    }
    assert.deepEqual(clashes, [], `records sharing a number: ${clashes.join('; ')}`);
  });

  test('the index lists every record', () => {
    const listed = new Set(recordLinks(index));
    const missing = files.filter((name) => !listed.has(name));
    assert.deepEqual(
      missing,
      [],
      `add a row for each to docs/decisions/README.md: ${missing.join(', ')}`,
    );
  });

  test('every link to a record, in the index and between records, names an existing file', () => {
    const existing = new Set(files);
    const broken: string[] = [];
    for (const target of recordLinks(index)) {
      if (!existing.has(target)) broken.push(`README.md -> ${target}`);
    }
    for (const name of files) {
      for (const target of recordLinks(readFileSync(path.join(DIR, name), 'utf8'))) {
        if (!existing.has(target)) broken.push(`${name} -> ${target}`);
      }
    }
    assert.deepEqual(broken, [], `broken links: ${broken.join(', ')}`);
  });

  test('each record has a title, a status and the three sections', () => {
    const incomplete: string[] = [];
    for (const name of files) {
      const text = readFileSync(path.join(DIR, name), 'utf8');
      const lacks = [
        [/^# \S/, 'a "# Title" first line'],
        [/^Status: (accepted|superseded by )/m, 'a "Status: accepted …" line'],
        [/^## Context$/m, '## Context'],
        [/^## Decision$/m, '## Decision'],
        [/^## Consequences$/m, '## Consequences'],
      ]
        .filter(([pattern]) => !(pattern as RegExp).test(text))
        .map(([, what]) => what as string);
      if (lacks.length > 0) incomplete.push(`${name} lacks ${lacks.join(', ')}`);
    }
    assert.deepEqual(incomplete, [], incomplete.join('\n'));
  });
});
