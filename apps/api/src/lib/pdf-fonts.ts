import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/** The part of fontkit (pdfkit's font engine, which ships no types) used here: a parsed font. */
interface ParsedFont {
  layout(text: string): unknown;
}
const fontkit = require('fontkit') as { create(buffer: Uint8Array): ParsedFont };
/**
 * DejaVu Sans (npm dejavu-fonts-ttf) covers Latin with French accents and Arabic; pdfkit
 * (through fontkit) shapes Arabic letters and lays an Arabic run right to left.
 */
const FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
  mono: 'dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf',
} as const;
export type PdfFont = keyof typeof FILES;

const files = new Map<PdfFont, Buffer>();

/**
 * A font file read once per process; each document parses its own copy (fontkit parses lazily,
 * so this costs little). Given a path, pdfkit would read the 700 KB file again for every
 * document. A parsed font is not shared between documents: fontkit caches each glyph with the
 * characters it was first drawn for, and a glyph first met while another document's subset was
 * written has none, so the next document's text would read back wrong (its ToUnicode map).
 */
function fileOf(name: PdfFont): Buffer {
  let file = files.get(name);
  if (!file) {
    file = readFileSync(require.resolve(FILES[name]));
    files.set(name, file);
  }
  return file;
}

/** Registers the named fonts in a pdfkit document: parsed for it from the files read once. */
export function registerPdfFonts(doc: PDFKit.PDFDocument, names: readonly PdfFont[] = ['regular', 'bold']): void {
  // pdfkit takes a fontkit font in place of a source (its PDFFontFactory checks for `layout`).
  for (const name of names) doc.registerFont(name, fontkit.create(fileOf(name)) as unknown as Buffer);
}
