/**
 * Buyers identified on an invoice (issue 52, decision 0431).
 *
 * A company's matricule fiscal is written `1234567/A/M/000`: 7 digits, a key letter, the VAT
 * code (A, B, D, N or P), the category (C, M, N, P or E) and a 3-digit establishment; a short
 * form keeps the 7 digits and the key letter. What people type is read leniently (spaces, `/`,
 * `.` and `-` dropped, upper-cased). A person is identified by their CIN: 8 digits.
 */
export const INVOICE_TO_KINDS = ['company', 'person'] as const;
export type InvoiceToKind = (typeof INVOICE_TO_KINDS)[number];

const MATRICULE = /^[0-9]{7}[A-Z][ABDNP][CMNPE][0-9]{3}$/;
const MATRICULE_SHORT = /^[0-9]{7}[A-Z]$/;
const CIN = /^[0-9]{8}$/;

/** A matricule fiscal as typed, normalised (`1234567AAM000` or `1234567A`), or null when it has not that form. */
export function normaliseMatricule(typed: string): string | null {
  const compact = typed.replace(/[\s/.-]/g, '').toUpperCase();
  return MATRICULE.test(compact) || MATRICULE_SHORT.test(compact) ? compact : null;
}

/** A CIN (carte d'identité nationale) as typed, normalised to its 8 digits, or null. */
export function normaliseCin(typed: string): string | null {
  const compact = typed.replace(/[\s/.-]/g, '');
  return CIN.test(compact) ? compact : null;
}

/** The tax id of a buyer of this kind, normalised, or null when it has not the kind's form. */
export function normaliseTaxId(kind: InvoiceToKind, typed: string): string | null {
  return kind === 'person' ? normaliseCin(typed) : normaliseMatricule(typed);
}

/** `1234567AAM000` → `1234567/A/A/M/000`, `1234567A` → `1234567/A` (the way matricules are printed); anything else as it is. */
export function formatMatricule(taxId: string): string {
  const full = /^([0-9]{7})([A-Z])([ABDNP])([CMNPE])([0-9]{3})$/.exec(taxId);
  if (full) return `${full[1]}/${full[2]}/${full[3]}/${full[4]}/${full[5]}`;
  const short = /^([0-9]{7})([A-Z])$/.exec(taxId);
  return short ? `${short[1]}/${short[2]}` : taxId;
}
