import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { renderCreditNote, renderInvoice, rightToLeftPieces, type InvoiceSnapshot } from './invoice.js';

/** The PDF's text as read back in page order, Arabic presentation forms normalised, without spaces (pdf.js drops those drawn alone). */
async function squeezedText(pdf: Buffer): Promise<string> {
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  return (await extractText(doc, { mergePages: true })).text.normalize('NFKC').replace(/\s+/g, '');
}
const squeeze = (s: string) => s.replace(/\s+/g, '');

const invoice: InvoiceSnapshot = {
  version: 1,
  number: '2026-00012',
  issuedAt: '2026-11-20T10:00:00.000Z',
  orderId: 'a1b2c3d4-0000-4000-8000-000000000000',
  language: 'ar',
  paymentMethod: 'In Place',
  seller: { legalName: 'Centre Amal', address: '12 نهج الحبيب بورقيبة، المنزه 6، تونس', taxId: '1234567ABM000' },
  buyer: { name: 'مريم بن صالح', email: 'mariem@example.com', address: 'شارع الحرية 15، المنزه 6', city: 'تونس', postalCode: '2091', country: 'تونس' },
  company: null,
  lines: [{ name: 'الحلويات التونسية', qty: 2, price: 120, amount: 240 }],
  itemsPrice: 240,
  shippingPrice: 0,
  taxPrice: 36,
  totalPrice: 276,
  taxPercent: 15,
};

describe('Arabic invoices and credit notes (issue 54)', () => {
  it('orders an Arabic line right to left by hand: Latin runs and numbers kept whole, closing punctuation on the word’s left', () => {
    expect(rightToLeftPieces('رقم الفاتورة:')).toEqual([
      { text: 'رقم', hug: false },
      { text: 'الفاتورة', hug: false },
      { text: ':', hug: true },
    ]);
    expect(rightToLeftPieces('شارع الحرية 15، المنزه 6').map((p) => p.text)).toEqual(['شارع', 'الحرية', '15', '،', 'المنزه', '6']);
    expect(rightToLeftPieces('دورة Web Design 2 في تونس').map((p) => p.text)).toEqual(['دورة', '2', 'Design', 'Web', 'في', 'تونس']);
  });

  it('puts the colon after the whole label and keeps numbers apart from the words beside them', async () => {
    const text = await squeezedText(await renderInvoice(invoice));
    // Read back in page order, right to left: the label's words in order, its colon last.
    expect(text).toContain(squeeze('رقم الفاتورة:2026-00012'));
    expect(text).toContain(squeeze('طريقة الدفع:الدفع في المركز'));
    expect(text).not.toContain('الفاتورة:رقم');
    // "المنزه 6": the number read after its word, not glued before it.
    expect(text).toContain(squeeze('شارع الحرية 15، المنزه 6'));
    expect(text).not.toContain('6المنزه');
    expect(text).toContain(squeeze('الحلويات التونسية'));
    expect(text).toContain('276.00TND');
  });

  it('does the same on the credit note', async () => {
    const text = await squeezedText(
      await renderCreditNote(invoice, { number: 'AV-2026-00003', doneAt: new Date('2026-11-25T10:00:00Z'), amount: 276, invoiceNumber: '2026-00012', paymentReference: null }),
    );
    expect(text).toContain(squeeze('الدائن:AV-2026-00003'));
    expect(text).toContain(squeeze('يلغي الفاتورة:2026-00012'));
    expect(text).toContain(squeeze('المبلغ المسترجع'));
    expect(text).not.toContain('6المنزه');
  });

  it('an Arabic course name on a French invoice reads right to left; two rates in Arabic: the rate by its label, the base under it', async () => {
    const twoRates: InvoiceSnapshot = {
      ...invoice,
      lines: [
        { name: 'Pâtisserie niveau 1', qty: 1, price: 100, amount: 100, taxRate: 19 },
        { name: 'تصميم الجرافيك', qty: 1, price: 80, amount: 80, taxRate: 7 },
      ],
      itemsPrice: 180,
      taxPrice: 24.6,
      totalPrice: 205.6,
      taxLines: [
        { rate: 7, base: 80, amount: 5.6 },
        { rate: 19, base: 100, amount: 19 },
      ],
      stampDuty: 1,
    };
    // Where each word is drawn: the name's first word on the right of its second.
    const page = await (await getDocumentProxy(new Uint8Array(await renderInvoice({ ...twoRates, language: 'fr' })))).getPage(1);
    const xOf = async (word: string) => {
      const items = (await page.getTextContent()).items as { str: string; transform: number[] }[];
      const item = items.find((i) => i.str.normalize('NFKC').includes(word) && !i.str.normalize('NFKC').includes(' '));
      return item?.transform[4] ?? NaN;
    };
    // (pdf.js reads the shaped ص of تصميم back oddly: the word is found by its end.)
    expect(await xOf('ميم')).toBeGreaterThan(await xOf('الجرافيك'));
    const arabic = await squeezedText(await renderInvoice(twoRates));
    expect(arabic).toContain(squeeze('الضريبة 19%'));
    expect(arabic).not.toContain('الضريبة(');
  });
});
