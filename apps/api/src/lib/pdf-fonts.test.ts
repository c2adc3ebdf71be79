import PDFDocument from 'pdfkit';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { registerPdfFonts } from './pdf-fonts.js';

/**
 * A one-page PDF of `text` in the regular font, read back (its ToUnicode map) as pdf.js reads it:
 * its characters, sorted (pdf.js orders and spaces the runs of a right-to-left line its own way).
 */
async function drawnAndReadBack(text: string): Promise<string> {
  const doc = new PDFDocument();
  registerPdfFonts(doc, ['regular']);
  doc.font('regular').text(text);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => doc.on('end', resolve));
  doc.end();
  await ended;
  const pdf = await getDocumentProxy(new Uint8Array(Buffer.concat(chunks)));
  return characters((await extractText(pdf, { mergePages: true })).text.normalize('NFKC'));
}
const characters = (text: string) => [...text.replace(/\s+/g, '')].sort().join('');

// Arabic letters whose glyphs other glyphs are built of (teh marbuta is heh with two dots, the
// dotted letters a dotless base): a subset that writes such a composite makes its parts' glyphs.
const TEXTS = [
  'مدرسة جميلة تونسية الفاتورة',
  'وجهه كتابه فقه هذا المنزه',
  'Pâtisserie, crème brûlée, Œnologie, Église',
  'ب ت ث ن ي ى ئ ؤ أ إ آ لا لأ',
  'بيت تين ثوب نور يوم',
];

describe('PDF fonts: one parse per process, glyphs per document (decision 0498)', () => {
  it('every text reads back as drawn, whichever text a document drew before it', async () => {
    // With one parse shared whole, "وجهه" drawn after "مدرسة" read back as "وج\u0001\u0001" (its heh
    // first made, without its character, while the earlier document's subset was written).
    for (const before of TEXTS)
      for (const text of TEXTS) {
        if (text === before) continue;
        await drawnAndReadBack(before);
        expect(await drawnAndReadBack(text), `${text} after ${before}`).toBe(characters(text));
      }
  });

  it('documents drawn at the same time each read back as drawn', async () => {
    const read = await Promise.all(TEXTS.map((text) => drawnAndReadBack(text)));
    expect(read).toEqual(TEXTS.map(characters));
  });
});
