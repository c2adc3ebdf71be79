/**
 * Writes the demo catalogue's illustrations to apps/api/public/images/courses.
 * Run after changing the catalogue or the drawings: `npx tsx src/seed/generate-images.ts`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_COURSES, demoImagesOf } from './catalogue.js';
import { courseIllustrations, placeholderIllustration } from './illustrations.js';

const PUBLIC = path.join(import.meta.dirname, '../../public');
mkdirSync(path.join(PUBLIC, 'images/courses'), { recursive: true });

let written = 0;
for (const course of DEMO_COURSES) {
  const drawings = courseIllustrations(course);
  demoImagesOf(course).forEach((url, i) => {
    writeFileSync(path.join(PUBLIC, url), drawings[i] ?? '');
    written++;
  });
}
writeFileSync(path.join(PUBLIC, 'images/courses/placeholder.svg'), placeholderIllustration());
console.warn(`wrote ${written + 1} illustrations to ${path.join(PUBLIC, 'images/courses')}`);
