import { DOMParser, type Element } from '@xmldom/xmldom';

/**
 * What TTN's 1.8.9 schema asserts that an XSD 1.0 validator (libxml) cannot read, checked in
 * code (decision 0435), plus the sums El Fatoora recomputes:
 * - partner identifiers: `I-01` a matricule of 13 characters `[0-9]{7}[A-Z][ABDNP][CMNPE][0-9]{3}`
 *   (key letter not I, O, U) or 8 `[0-9]{7}[A-Z]`; `I-02` a CIN of 8 digits; `I-03` 9 digits;
 * - the seller (`I-62`) identified as the schema's `xs:alternative` requires;
 * - Σ line amounts before tax = the total before tax (`I-176`); per VAT rate, the base (`I-177`)
 *   is the sum of its lines and the tax (`I-178`) the rate × base to the cent; `I-181` = Σ VAT;
 *   `I-180` = `I-176` + `I-181` + stamp duty.
 * Answers the problems found (none: a consistent document).
 */
export function checkTeif(xml: string): string[] {
  const problems: string[] = [];
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  if (!root || root.localName !== 'TEIF') return ['root element is not TEIF'];
  /** Every element named `name` under `node` (any depth, any namespace). */
  const all = (node: Element, name: string): Element[] => Array.from(node.getElementsByTagNameNS('*', name));
  /** The children of `node` named `name`. */
  const children = (node: Element, name: string): Element[] =>
    Array.from(node.childNodes).filter((c): c is Element => c.nodeType === 1 && (c as Element).localName === name);
  const text = (node: Element | undefined) => (node?.textContent ?? '').trim();
  /** The first amount of type `code` under `node`, in millimes (null: none). */
  const amount = (node: Element, code: string): number | null => {
    const moa = all(node, 'Moa').find((m) => m.getAttribute('amountTypeCode') === code);
    if (!moa) return null;
    return Math.round(Number(text(all(moa, 'Amount')[0])) * 1000);
  };

  if (root.getAttribute('version') !== '1.8.9') problems.push('version is not 1.8.9');
  if (root.getAttribute('controlingAgency') !== 'TTN') problems.push('controlingAgency is not TTN');

  const MATRICULE = /^([0-9]{7}[ABCDEFGHJKLMNPQRSTVWXYZ][ABDNP][CMNPE][0-9]{3}|[0-9]{7}[ABCDEFGHJKLMNPQRSTVWXYZ])$/;
  for (const id of ['PartnerIdentifier', 'MessageSenderIdentifier', 'MessageRecieverIdentifier'].flatMap((n) => all(root, n))) {
    const type = id.getAttribute('type');
    const value = text(id);
    const ok =
      type === 'I-01'
        ? MATRICULE.test(value)
        : type === 'I-02'
          ? /^[0-9]{8}$/.test(value)
          : type === 'I-03'
            ? /^[0-9]{9}$/.test(value)
            : true;
    if (!ok) problems.push(`identifier ${value} is not a valid ${type}`);
  }
  const partners = all(root, 'PartnerDetails');
  if (partners.filter((p) => p.getAttribute('functionCode') === 'I-62').length !== 1) problems.push('no single seller (I-62)');
  if (partners.filter((p) => p.getAttribute('functionCode') === 'I-64').length !== 1) problems.push('no single buyer (I-64)');

  const lines = all(root, 'LinSection').flatMap((s) => children(s, 'Lin'));
  if (lines.length === 0) problems.push('no line');
  const basePerRate = new Map<string, number>();
  let linesNet = 0;
  for (const lin of lines) {
    const net = amount(lin, 'I-171') ?? 0;
    const rate = text(all(children(lin, 'LinTax')[0] ?? lin, 'TaxRate')[0]);
    linesNet += net;
    basePerRate.set(rate, (basePerRate.get(rate) ?? 0) + net);
  }
  const invoiceMoa = all(root, 'InvoiceMoa')[0];
  const total = (code: string) => (invoiceMoa ? amount(invoiceMoa, code) : null);
  const totalNet = total('I-176');
  if (totalNet !== linesNet) problems.push(`total before tax ${totalNet} ≠ Σ lines ${linesNet} (millimes)`);

  let vat = 0;
  let stamp = 0;
  for (const details of all(root, 'InvoiceTax').flatMap((t) => children(t, 'InvoiceTaxDetails'))) {
    const code = all(details, 'TaxTypeName')[0]?.getAttribute('code');
    const rate = text(all(details, 'TaxRate')[0]);
    const taxAmount = amount(details, 'I-178') ?? 0;
    if (code === 'I-1601') {
      stamp += taxAmount;
      continue;
    }
    if (code !== 'I-1602') continue;
    vat += taxAmount;
    const base = amount(details, 'I-177') ?? 0;
    if (base !== (basePerRate.get(rate) ?? 0)) problems.push(`base at ${rate} % is ${base}, its lines make ${basePerRate.get(rate) ?? 0}`);
    basePerRate.delete(rate);
    // The rate × the base, rounded half-up to the cent (the calculator's rule), in millimes.
    const expected = Math.round((Number(rate) * base) / 1000) * 10;
    if (Math.abs(expected - taxAmount) > 0) problems.push(`tax at ${rate} % is ${taxAmount}, expected ${expected}`);
  }
  for (const rate of basePerRate.keys()) problems.push(`lines at ${rate} % have no tax line`);
  const totalTax = total('I-181');
  if (totalTax !== vat) problems.push(`total tax ${totalTax} ≠ Σ VAT ${vat}`);
  const grandTotal = total('I-180');
  if (grandTotal !== linesNet + vat + stamp) problems.push(`total ${grandTotal} ≠ ${linesNet} + ${vat} + ${stamp}`);
  for (const a of all(root, 'Amount')) {
    if (!/^-?[0-9]{1,15}\.[0-9]{3}$/.test(text(a))) problems.push(`amount ${text(a)} has not three decimals`);
  }
  return problems;
}
