import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FINGERPRINT_FILE, isBuildCurrent, sourcesFingerprint } from '../web-build.js';

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'web-build-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe("pnpm start's client build", () => {
  const inputs = ['src', 'index.html'];

  it('changes the fingerprint when a source changes, is added or is renamed, not when a time does', () => {
    const base = sourcesFingerprint(tree({ 'src/a.ts': 'a', 'src/b/c.ts': 'c', 'index.html': '<p>' }), inputs);
    assert.equal(sourcesFingerprint(tree({ 'src/a.ts': 'a', 'src/b/c.ts': 'c', 'index.html': '<p>' }), inputs), base);
    assert.notEqual(sourcesFingerprint(tree({ 'src/a.ts': 'A', 'src/b/c.ts': 'c', 'index.html': '<p>' }), inputs), base);
    assert.notEqual(sourcesFingerprint(tree({ 'src/a.ts': 'a', 'src/b/d.ts': 'c', 'index.html': '<p>' }), inputs), base);
    assert.notEqual(
      sourcesFingerprint(tree({ 'src/a.ts': 'a', 'src/b/c.ts': 'c', 'src/e.ts': '', 'index.html': '<p>' }), inputs),
      base,
    );
    // Outside the inputs (tests' output, a node_modules folder): no change.
    assert.equal(
      sourcesFingerprint(tree({ 'src/a.ts': 'a', 'src/b/c.ts': 'c', 'index.html': '<p>', 'src/node_modules/x.js': 'x', 'dist/y': 'y' }), inputs),
      base,
    );
  });

  it('counts a build current only when it has its page and the same fingerprint', () => {
    const root = tree({ 'dist/index.html': '<p>' });
    const dist = path.join(root, 'dist');
    assert.equal(isBuildCurrent(dist, 'abc'), false, 'no fingerprint written: a build from before this check');
    writeFileSync(path.join(dist, FINGERPRINT_FILE), 'abc\n');
    assert.equal(isBuildCurrent(dist, 'abc'), true);
    assert.equal(isBuildCurrent(dist, 'abd'), false);
    assert.equal(isBuildCurrent(path.join(tree({ [`dist/${FINGERPRINT_FILE}`]: 'abc' }), 'dist'), 'abc'), false);
  });
});
