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
const parsed = new Map<PdfFont, ParsedFont>();

/** A font file read once per process. Given a path, pdfkit would read the 700 KB file again for every document. */
function fileOf(name: PdfFont): Buffer {
  let file = files.get(name);
  if (!file) {
    file = readFileSync(require.resolve(FILES[name]));
    files.set(name, file);
  }
  return file;
}

/**
 * The font as a document draws with it (decision 0498): its tables parsed once per process and
 * shared, its glyphs and layout engine its own. fontkit caches each glyph with the characters it
 * was first met with; a glyph first made while another document's subset was written has none,
 * so one parse shared whole made the next documents' text read back wrong (their ToUnicode map:
 * garbled Arabic). A new object whose prototype is the shared parse, with a glyph cache of its
 * own, keeps the parse (fontkit's table getters are bound to the parse, and its lazily made
 * layout engine, cmap lookup and glyphs are kept on the object that asked: this one) and gives
 * each document fresh glyphs. Nothing is ever asked of the shared parse itself, so nothing of a
 * document's is kept on it.
 */
function documentFont(name: PdfFont): ParsedFont {
  let shared = parsed.get(name);
  if (!shared) {
    shared = fontkit.create(fileOf(name));
    parsed.set(name, shared);
  }
  const font = Object.create(shared) as ParsedFont & { _glyphs: Record<number, unknown> };
  font._glyphs = {};
  return font;
}

/** Registers the named fonts in a pdfkit document, each the document's own view of the shared parse. */
export function registerPdfFonts(doc: PDFKit.PDFDocument, names: readonly PdfFont[] = ['regular', 'bold']): void {
  // pdfkit takes a fontkit font in place of a source (its PDFFontFactory checks for `layout`).
  for (const name of names) doc.registerFont(name, documentFont(name) as unknown as Buffer);
}
