import PDFDocument from 'pdfkit';

/** A real one-page PDF, as a bank's receipt download is (issue 49: PDF proofs are opened by a reader). */
export function realPdf(text = 'Virement reçu — 138.000 TND'): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ size: 'A5' });
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.on('error', reject);
    document.text(text);
    document.end();
  });
}

/** A file with a PDF's first and last bytes and garbage between: what the old check let through. */
export const fakePdf = (): Buffer =>
  Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('not a document at all\n'.repeat(40)), Buffer.from('%%EOF\n')]);
