import type { InvoiceSnapshot } from '../enrolment/orders/orders.types.js';
import type { TeifIdType, TeifInput, TeifLine, TeifParty, TeifTaxLine } from './teif.js';

/**
 * What the TEIF document reads from an invoice as issued (issue 52): the snapshot kept at
 * payment, never today's course data. The snapshot's fields added by the tax rates of issue 52
 * (per-line `rate`/`net`/`courseId`, `taxLines`, `stampDuty`, `company.kind`) are read when
 * present; a snapshot kept before them has one rate (`taxPercent`) and no stamp duty.
 */
type Snapshot = Omit<InvoiceSnapshot, 'company' | 'lines'> & {
  taxLines?: TeifTaxLine[];
  stampDuty?: number;
  company: (InvoiceSnapshot['company'] & { kind?: 'company' | 'person' }) | null;
  lines: (InvoiceSnapshot['lines'][number] & { taxRate?: number; rate?: number; net?: number; courseId?: string | null })[];
};

const MATRICULE = /[0-9]{7}[ABCDEFGHJKLMNPQRSTVWXYZ](?:[ABDNP][CMNPE][0-9]{3})?/;

/** A matricule fiscal as TEIF writes it: spaces, `/`, `.` and `-` removed, upper case. */
export function normaliseTaxId(value: string): string {
  return value.replace(/[\s/.-]/g, '').toUpperCase();
}

/**
 * The buyer's identifier as TEIF needs it: a company's matricule (`I-01`, 13 or 8 characters)
 * or a person's CIN (`I-02`, 8 digits); null when the invoice names neither.
 */
export function buyerIdentifier(company: Snapshot['company']): { taxId: string; idType: TeifIdType } | null {
  if (!company?.taxId) return null;
  const taxId = normaliseTaxId(company.taxId);
  if (company.kind === 'person') return /^[0-9]{8}$/.test(taxId) ? { taxId, idType: 'I-02' } : null;
  if (/^[0-9]{7}[ABCDEFGHJKLMNPQRSTVWXYZ]([ABDNP][CMNPE][0-9]{3})?$/.test(taxId)) return { taxId, idType: 'I-01' };
  // A CIN typed as a company's tax id before the buyer's kind was asked.
  if (company.kind === undefined && /^[0-9]{8}$/.test(taxId)) return { taxId, idType: 'I-02' };
  return null;
}

/** The seller's matricule from SHOP_TAX_ID as printed (e.g. `1234567/A/B/M/000`). */
function sellerTaxId(value: string): string {
  return MATRICULE.exec(normaliseTaxId(value))?.[0] ?? normaliseTaxId(value).slice(0, 13);
}

/** The checkout's countries (Tunisie, Maroc, Algerie, France, Espagne) and their usual other spellings. */
const COUNTRY_CODES: Record<string, string> = {
  tunisie: 'TN',
  tunisia: 'TN',
  maroc: 'MA',
  morocco: 'MA',
  algerie: 'DZ',
  algérie: 'DZ',
  algeria: 'DZ',
  france: 'FR',
  espagne: 'ES',
  spain: 'ES',
};

/** ISO 3166-1 alpha-2 of a country as the checkout wrote it (two letters kept; unknown: TN, the shop's country). */
export function countryCode(country: string): string {
  const trimmed = country.trim();
  if (/^[A-Za-z]{2}$/.test(trimmed)) return trimmed.toUpperCase();
  return COUNTRY_CODES[trimmed.toLowerCase()] ?? 'TN';
}

const cents = (n: number) => Math.round(n * 100);

/**
 * The lines before tax after the coupon: each line's own `net` when the snapshot has it, else
 * per rate the coupon's part at that rate (Σ its lines − that rate's base) spread over its lines
 * in proportion to their amounts (whole cents, the last line taking what rounding leaves), so
 * that the lines at each rate add up exactly to the base the order was taxed on.
 */
export function linesOf(snapshot: Snapshot, defaultRate: number, taxLines: TeifTaxLine[]): TeifLine[] {
  const rateOf = (line: Snapshot['lines'][number]) => line.taxRate ?? line.rate ?? defaultRate;
  const left = new Map<number, number>();
  const grossAt = new Map<number, number>();
  for (const line of snapshot.lines) grossAt.set(rateOf(line), (grossAt.get(rateOf(line)) ?? 0) + cents(line.amount));
  for (const [rate, gross] of grossAt) {
    const base = taxLines.find((t) => t.rate === rate);
    left.set(rate, base ? Math.max(0, gross - cents(base.base)) : 0);
  }
  const discountAt = new Map(left);
  const remaining = new Map<number, number>([...grossAt].map(([rate]) => [rate, snapshot.lines.filter((l) => rateOf(l) === rate).length]));
  return snapshot.lines.map((line, i) => {
    const rate = rateOf(line);
    const amount = cents(line.amount);
    let net: number;
    if (line.net !== undefined) net = cents(line.net);
    else {
      const count = remaining.get(rate)! - 1;
      remaining.set(rate, count);
      const gross = grossAt.get(rate)!;
      const share = count === 0 ? left.get(rate)! : gross > 0 ? Math.round((discountAt.get(rate)! * amount) / gross) : 0;
      left.set(rate, left.get(rate)! - share);
      net = amount - share;
    }
    return {
      code: line.courseId ?? `LINE-${i + 1}`,
      name: line.name,
      qty: line.qty,
      unitPrice: line.price,
      net: net / 100,
      rate,
    };
  });
}

/** The invoice's VAT per rate as charged; one line at `taxPercent` for a snapshot kept before the rates. */
function snapshotTaxLines(snapshot: Snapshot): TeifTaxLine[] {
  return snapshot.taxLines && snapshot.taxLines.length > 0
    ? snapshot.taxLines
    : [{ rate: snapshot.taxPercent, base: (cents(snapshot.itemsPrice) - cents(snapshot.discountPrice ?? 0)) / 100, amount: snapshot.taxPrice }];
}

/** The invoice's lines before tax after the coupon (each with its rate), as its TEIF document lists them. */
export function invoiceNetLines(issued: InvoiceSnapshot): TeifLine[] {
  const snapshot = issued as unknown as Snapshot;
  return linesOf(snapshot, snapshot.taxPercent, snapshotTaxLines(snapshot));
}

/** The seller as the invoice printed it. */
function sellerOf(snapshot: Snapshot): TeifParty {
  return { name: snapshot.seller.legalName, taxId: sellerTaxId(snapshot.seller.taxId), idType: 'I-01', address: snapshot.seller.address, country: 'TN' };
}

/**
 * The TEIF input of an invoice as issued, or null when its buyer is not identified (no company
 * or person with a valid tax id): 409 BUYER_NOT_IDENTIFIED.
 */
export function teifInputOfInvoice(
  issued: InvoiceSnapshot,
  document: { kind: 'invoice' } | { kind: 'credit-note'; number: string; issuedAt: Date; ttnReference?: string | null },
  invoiceTtnReference?: string | null,
): TeifInput | null {
  const snapshot = issued as unknown as Snapshot;
  const id = buyerIdentifier(snapshot.company);
  if (!id || !snapshot.company) return null;
  const taxLines = snapshotTaxLines(snapshot);
  const lines = linesOf(snapshot, snapshot.taxPercent, taxLines);
  const { buyer } = snapshot;
  const input: TeifInput = {
    kind: document.kind,
    number: document.kind === 'invoice' ? snapshot.number : document.number,
    issuedAt: document.kind === 'invoice' ? new Date(snapshot.issuedAt) : document.issuedAt,
    language: snapshot.language,
    seller: sellerOf(snapshot),
    buyer: {
      name: snapshot.company.name,
      ...id,
      address: [buyer.address, `${buyer.postalCode} ${buyer.city}`.trim()].filter(Boolean).join(', ') || buyer.country,
      city: buyer.city || undefined,
      postalCode: buyer.postalCode || undefined,
      country: countryCode(buyer.country),
    },
    lines,
    shipping: snapshot.shippingPrice,
    taxLines,
    stampDuty: snapshot.stampDuty ?? 0,
    total: snapshot.totalPrice,
  };
  if (document.kind === 'credit-note') {
    input.cancels = { number: snapshot.number, issuedAt: new Date(snapshot.issuedAt), ttnReference: invoiceTtnReference ?? null };
  }
  return input;
}
