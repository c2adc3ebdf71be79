import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';

/**
 * TTN's Tunisian Electronic Invoice Format (TEIF 1.8.9, issue 52): an invoice (`I-11`) or a
 * credit note (`I-12`) as the XML the centre uploads to El Fatoora. Built from a small typed
 * input made from the invoice as issued (never from today's course data), with xmlbuilder2.
 *
 * Codes (TEIF implementation guide as integrators report it; decision 0435):
 * - partners: `I-62` seller, `I-64` buyer; identifiers `I-01` matricule fiscal, `I-02` CIN;
 * - dates: `I-31` date of the document (ddMMyy, Tunis day);
 * - references: `I-85` the invoice a credit note cancels, `I-88` a TTN reference;
 * - taxes: `I-1602` VAT, `I-1601` droit de timbre (stamp duty);
 * - amounts: line `I-183` unit price and `I-171` line amount before tax; tax `I-177` base and
 *   `I-178` amount; invoice `I-176` total before tax, `I-182` taxable base, `I-181` total tax,
 *   `I-180` total with tax (stamp duty included).
 * Amounts are written with three decimals (millimes) and a dot.
 */

export type TeifIdType = 'I-01' | 'I-02';

export interface TeifParty {
  name: string;
  /** Matricule fiscal (13 or 8 characters, `I-01`) or CIN (8 digits, `I-02`), normalised. */
  taxId: string;
  idType: TeifIdType;
  address: string;
  city?: string;
  postalCode?: string;
  /** ISO 3166-1 alpha-2 code, e.g. TN. */
  country: string;
}

export interface TeifLine {
  /** The course's id (item code). */
  code: string;
  name: string;
  qty: number;
  /** Unit price before tax (TND). */
  unitPrice: number;
  /** What the line costs before tax, after its share of any coupon (TND). */
  net: number;
  /** Its VAT rate in percent (0, 7, 13, 19, or the shop's rate). */
  rate: number;
}

export interface TeifTaxLine {
  rate: number;
  base: number;
  amount: number;
}

export interface TeifInput {
  kind: 'invoice' | 'credit-note';
  /** The invoice's (or credit note's) number. */
  number: string;
  issuedAt: Date;
  /** A credit note: the invoice it cancels (its number, date and TTN reference when known). */
  cancels?: { number: string; issuedAt: Date; ttnReference?: string | null };
  language: 'ar' | 'fr' | 'en';
  seller: TeifParty;
  buyer: TeifParty;
  lines: TeifLine[];
  /** Shipping (not taxed by the shop's calculator): a line of its own at 0 %. */
  shipping: number;
  /** VAT per rate, as the order computed it. */
  taxLines: TeifTaxLine[];
  stampDuty: number;
  /** Total with tax and stamp duty. */
  total: number;
}

const CURRENCY = 'TND';

/** "1234.500": an amount in TND with three decimals, from a number of cents or millimes. */
export function teifAmount(value: number): string {
  const millimes = Math.round(value * 1000);
  const sign = millimes < 0 ? '-' : '';
  const abs = Math.abs(millimes);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, '0')}`;
}

/** A rate as TEIF writes it (at most 5 characters): "19", "7", "12.5". */
const teifRate = (rate: number) => String(Math.round(rate * 100) / 100);

const TUNIS_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Africa/Tunis',
  day: '2-digit',
  month: '2-digit',
  year: '2-digit',
});

/** "150526": the Tunis day of an instant, as TEIF's ddMMyy. */
export function teifDate(at: Date): string {
  const parts = Object.fromEntries(TUNIS_PARTS.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.day}${parts.month}${parts.year}`;
}

function moa(parent: XMLBuilder, code: string, amount: number): void {
  parent
    .ele('Moa', { amountTypeCode: code, currencyCodeList: 'ISO_4217' })
    .ele('Amount', { currencyIdentifier: CURRENCY })
    .txt(teifAmount(amount));
}

function partner(parent: XMLBuilder, functionCode: 'I-62' | 'I-64', party: TeifParty, lang: string): void {
  const nad = parent.ele('PartnerDetails', { functionCode }).ele('Nad');
  nad.ele('PartnerIdentifier', { type: party.idType }).txt(party.taxId);
  nad.ele('PartnerName', { nameType: party.idType === 'I-02' ? 'Physical' : 'Qualification' }).txt(party.name.slice(0, 200));
  const address = nad.ele('PartnerAdresses', { lang });
  address.ele('AdressDescription').txt(party.address.slice(0, 500));
  if (party.city) address.ele('CityName').txt(party.city.slice(0, 35));
  if (party.postalCode) address.ele('PostalCode').txt(party.postalCode.slice(0, 17));
  address.ele('Country', { codeList: 'ISO_3166-1' }).txt(party.country.slice(0, 6));
}

function tax(parent: XMLBuilder, element: string, code: 'I-1601' | 'I-1602', rate: number): void {
  const t = parent.ele(element);
  t.ele('TaxTypeName', { code }).txt(code === 'I-1602' ? 'TVA' : 'droit de timbre');
  t.ele('TaxDetails').ele('TaxRate').txt(teifRate(rate));
}

const cents = (n: number) => Math.round(n * 100);

/** VAT per rate with shipping's base added at 0 % (the calculator does not tax shipping). */
export function teifTaxLines(input: Pick<TeifInput, 'taxLines' | 'shipping'>): TeifTaxLine[] {
  const lines = input.taxLines.map((l) => ({ ...l }));
  if (input.shipping > 0) {
    const zero = lines.find((l) => l.rate === 0);
    if (zero) zero.base = (cents(zero.base) + cents(input.shipping)) / 100;
    else lines.push({ rate: 0, base: input.shipping, amount: 0 });
  }
  return lines.sort((a, b) => a.rate - b.rate);
}

/** The TEIF XML of an invoice or credit note (unsigned), UTF-8, with its XML declaration. */
export function buildTeif(input: TeifInput): string {
  const lang = input.language;
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele('TEIF', {
    controlingAgency: 'TTN',
    version: '1.8.9',
  });
  const header = root.ele('InvoiceHeader');
  header.ele('MessageSenderIdentifier', { type: input.seller.idType }).txt(input.seller.taxId);
  header.ele('MessageRecieverIdentifier', { type: input.buyer.idType }).txt(input.buyer.taxId);

  const body = root.ele('InvoiceBody');
  const bgm = body.ele('Bgm');
  bgm.ele('DocumentIdentifier').txt(input.number);
  bgm
    .ele('DocumentType', { code: input.kind === 'invoice' ? 'I-11' : 'I-12' })
    .txt(input.kind === 'invoice' ? 'Facture' : 'Avoir');
  if (input.kind === 'credit-note' && input.cancels) {
    const refs = bgm.ele('DocumentReferences');
    const invoiceRef = refs.ele('DocumentReference');
    invoiceRef.ele('Reference', { refID: 'I-85' }).txt(input.cancels.number);
    invoiceRef
      .ele('ReferenceDate')
      .ele('DateText', { format: 'ddMMyy', functionCode: 'I-31' })
      .txt(teifDate(input.cancels.issuedAt));
    if (input.cancels.ttnReference) {
      refs.ele('DocumentReference').ele('Reference', { refID: 'I-88' }).txt(input.cancels.ttnReference);
    }
  }
  body.ele('Dtm').ele('DateText', { format: 'ddMMyy', functionCode: 'I-31' }).txt(teifDate(input.issuedAt));

  const partners = body.ele('PartnerSection');
  partner(partners, 'I-62', input.seller, lang);
  partner(partners, 'I-64', input.buyer, lang);

  const lins = body.ele('LinSection');
  const all = [...input.lines];
  if (input.shipping > 0) {
    all.push({ code: 'SHIPPING', name: 'Frais de livraison', qty: 1, unitPrice: input.shipping, net: input.shipping, rate: 0 });
  }
  all.forEach((line, i) => {
    const lin = lins.ele('Lin');
    lin.ele('ItemIdentifier').txt(String(i + 1));
    const imd = lin.ele('LinImd', { lang });
    imd.ele('ItemCode').txt(line.code.slice(0, 35));
    imd.ele('ItemDescription').txt(line.name.slice(0, 500));
    lin.ele('LinQty').ele('Quantity', { measurementUnit: 'UNIT' }).txt(String(line.qty));
    tax(lin, 'LinTax', 'I-1602', line.rate);
    const moas = lin.ele('LinMoa');
    moa(moas.ele('MoaDetails'), 'I-183', line.unitPrice);
    moa(moas.ele('MoaDetails'), 'I-171', line.net);
  });

  const taxLines = teifTaxLines(input);
  const netTotal = all.reduce((sum, l) => sum + cents(l.net), 0) / 100;
  const taxTotal = taxLines.reduce((sum, l) => sum + cents(l.amount), 0) / 100;
  const totals = body.ele('InvoiceMoa');
  moa(totals.ele('AmountDetails'), 'I-176', netTotal);
  moa(totals.ele('AmountDetails'), 'I-182', taxLines.reduce((sum, l) => sum + cents(l.base), 0) / 100);
  moa(totals.ele('AmountDetails'), 'I-181', taxTotal);
  moa(totals.ele('AmountDetails'), 'I-180', input.total);

  const taxes = body.ele('InvoiceTax');
  if (input.stampDuty > 0) {
    const stamp = taxes.ele('InvoiceTaxDetails');
    tax(stamp, 'Tax', 'I-1601', 0);
    moa(stamp.ele('AmountDetails'), 'I-178', input.stampDuty);
  }
  for (const line of taxLines) {
    const details = taxes.ele('InvoiceTaxDetails');
    tax(details, 'Tax', 'I-1602', line.rate);
    moa(details.ele('AmountDetails'), 'I-177', line.base);
    moa(details.ele('AmountDetails'), 'I-178', line.amount);
  }
  return root.end({ prettyPrint: true });
}
