/**
 * The code that changes orders, sessions, courses and certificates tells nobody directly
 * (issue 50, decision record 0472): it records domain events in its transaction, and the mails,
 * the catalogue cache and the waitlist's offer mails are subscribers that app.ts registers
 * (apps/api/src/events/). So a writer neither imports the mail module, a mail-building file or
 * the catalogue cache, nor calls what they offer. Checked on every import (type-only,
 * re-exports and `import()` included) and call, not on file names alone.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { ROOT } from '../child-process.js';
import { sourceFiles } from './module-graph.js';

const MODULES = path.join(ROOT, 'apps/api/src/modules');

/**
 * The mail side of enrolment (its certificates included): the files that build or send mails
 * (their names say so) and the two sweepers whose claimed rows are the mails themselves
 * (reminders, the named learners' notices). Everything else of enrolment is a writer.
 */
const MAIL_SIDE = /(?:^|[-/])mails?(?:[-.]|$)|(?:^|\/)(?:reminders|learner-notices)\.service\.ts$/;

/** The writers outside enrolment: the catalogue's write side (courses and reviews). */
const OTHER_WRITERS = [
  'courses/courses.service.ts',
  'courses/courses.repository.ts',
  'courses/reviews.service.ts',
  'courses/reviews.repository.ts',
];

/** Files (relative to the modules folder) a writer may not import: the mail module, mail files, the catalogue cache. */
function forbiddenTarget(rel: string): string | null {
  if (rel.startsWith('mail/')) return 'the mail module';
  if (rel === 'catalogue/catalogue-cache.ts') return 'the catalogue cache';
  if (MAIL_SIDE.test(rel) && rel.startsWith('enrolment/')) return 'a mail file';
  return null;
}

/** Calls that are reactions to a commit: now subscribers of the events the writer records. */
const REACTIONS: readonly [string, RegExp][] = [
  ['courseChanged', /\bcourseChanged\s*\(/],
  ['sendInBackground', /\bsendInBackground\s*\(/],
  ['mailer.send', /\.mailer\.send\s*\(/],
  ['waitlistOffersChanged', /\bwaitlistOffersChanged\s*\(/],
  ['learnerNoticesNow', /\blearnerNoticesNow\s*\(/],
  ['mailCertificate…', /\bmailCertificate\w*\s*\(/],
];

const toPosix = (p: string) => p.split(path.sep).join('/');

/** Every writer file of `modulesDir` with what it imports or calls that it should not. */
export function writerViolations(modulesDir: string): string[] {
  const found: string[] = [];
  for (const file of sourceFiles(modulesDir)) {
    const rel = toPosix(path.relative(modulesDir, file));
    const writer = (rel.startsWith('enrolment/') && !MAIL_SIDE.test(rel)) || OTHER_WRITERS.includes(rel);
    if (!writer) continue;
    const text = readFileSync(file, 'utf8');
    for (const ref of ts.preProcessFile(text, true, true).importedFiles) {
      if (!ref.fileName.startsWith('.')) continue;
      const target = toPosix(path.relative(modulesDir, path.resolve(path.dirname(file), ref.fileName))).replace(/\.js$/, '.ts');
      const what = forbiddenTarget(target);
      const line = text.slice(0, ref.pos).split('\n').length;
      if (what) found.push(`${rel}:${line} imports ${what} (${ref.fileName})`);
    }
    // Calls only: comments may name the events and their subscribers.
    const code = stripComments(text);
    for (const [name, pattern] of REACTIONS) {
      const at = code.search(pattern);
      if (at >= 0) found.push(`${rel}:${code.slice(0, at).split('\n').length} calls ${name}`);
    }
  }
  return found;
}

/** The text with its comments blanked (line numbers kept). */
function stripComments(text: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, text);
  let out = '';
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    const token = scanner.getTokenText();
    out +=
      kind === ts.SyntaxKind.SingleLineCommentTrivia || kind === ts.SyntaxKind.MultiLineCommentTrivia
        ? token.replace(/[^\n]/g, ' ')
        : token;
  }
  return out;
}

describe('writers tell through events, not directly', () => {
  test('the writers were found (a path mistake would check nothing)', () => {
    const writers = sourceFiles(MODULES)
      .map((f) => toPosix(path.relative(MODULES, f)))
      .filter((rel) => (rel.startsWith('enrolment/') && !MAIL_SIDE.test(rel)) || OTHER_WRITERS.includes(rel));
    for (const needed of [
      'enrolment/orders/order-states.repository.ts',
      'enrolment/sessions/sessions.service.ts',
      'enrolment/session-cancel/session-cancel.service.ts',
      'enrolment/certificates/certificates.service.ts',
      ...OTHER_WRITERS,
    ])
      assert.ok(writers.includes(needed), `${needed} is not checked`);
    assert.ok(!writers.includes('enrolment/orders/order-mails.ts'), 'a mail file is counted as a writer');
  });

  test('no writer of orders, sessions, courses or certificates imports mail or the catalogue cache, or calls them', () => {
    assert.deepEqual(writerViolations(MODULES), []);
  });
});

describe('the check fails on a planted import and call', () => {
  test('an import of the mail module, a mail file, the cache, a type-only import and a direct call are all named', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'writers-'));
    try {
      const put = (file: string, text: string) => {
        mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
        writeFileSync(path.join(dir, file), text);
      };
      put('mail/mailer.ts', 'export const sendInBackground = (..._a: unknown[]) => undefined;\nexport type MailMessage = { to: string };\n');
      put('enrolment/orders/order-mails.ts', "import type { MailMessage } from '../../mail/mailer.js';\nexport const placed = (): MailMessage => ({ to: '' });\n");
      put('catalogue/catalogue-cache.ts', 'export const cache = 1;\n');
      put(
        'enrolment/orders/order-states.service.ts',
        [
          "import { sendInBackground } from '../../mail/mailer.js';",
          "import { placed } from './order-mails.js';",
          "import type { cache } from '../../catalogue/catalogue-cache.js';",
          '// courseChanged() in a comment is fine',
          'export const cancel = (ctx: Ctx) => {',
          '  ctx.courses.courseChanged();',
          '  sendInBackground(placed());',
          '};',
          '',
        ].join('\n'),
      );
      // A type-only import of mail in the courses' writer; the mail files themselves may import mail.
      put('courses/courses.service.ts', "import type { MailMessage } from '../mail/mailer.js';\nexport type M = MailMessage;\n");
      put('enrolment/sessions/reminders.service.ts', "import { sendInBackground } from '../../mail/mailer.js';\nexport const r = sendInBackground;\n");
      assert.deepEqual(writerViolations(dir).sort(), [
        'courses/courses.service.ts:1 imports the mail module (../mail/mailer.js)',
        'enrolment/orders/order-states.service.ts:1 imports the mail module (../../mail/mailer.js)',
        'enrolment/orders/order-states.service.ts:2 imports a mail file (./order-mails.js)',
        'enrolment/orders/order-states.service.ts:3 imports the catalogue cache (../../catalogue/catalogue-cache.js)',
        'enrolment/orders/order-states.service.ts:6 calls courseChanged',
        'enrolment/orders/order-states.service.ts:7 calls sendInBackground',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
