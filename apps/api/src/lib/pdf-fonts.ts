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

const parsed = new Map<PdfFont, ParsedFont>();

/**
 * A font read and parsed once per process. Given a path, pdfkit reads the file and fontkit
 * parses it again for every document (a 700 KB file, its tables and glyph caches each time):
 * an export of thousands of PDFs spent most of its time and memory there. A parsed font is
 * safe to share: each document takes its own subset of it, and drawing is synchronous.
 */
function fontOf(name: PdfFont): ParsedFont {
  let font = parsed.get(name);
  if (!font) {
    font = fontkit.create(readFileSync(require.resolve(FILES[name])));
    parsed.set(name, font);
  }
  return font;
}

/** Registers the named fonts in a pdfkit document, from the process's parsed copies. */
export function registerPdfFonts(doc: PDFKit.PDFDocument, names: readonly PdfFont[] = ['regular', 'bold']): void {
  // pdfkit takes a fontkit font in place of a source (its PDFFontFactory checks for `layout`).
  for (const name of names) doc.registerFont(name, fontOf(name) as unknown as Buffer);
}
