/**
 * Phone numbers (issue 53, decision 0420): E.164, `+` then 8 to 15 digits, the first not 0. A
 * Tunisian number is `+216` and 8 digits whose first is 2-9 (mobile 2, 4, 5, 9; fixed 3, 7;
 * 8 for services). What a person types is read leniently — spaces, dots, dashes and brackets
 * are dropped, `00` stands for `+` — and 8 digits typed alone are Tunisian (`+216` added).
 * Anything else is not a number: null.
 */
export function normalisePhone(typed: string): string | null {
  const compact = typed.trim().replace(/[\s.\-()/]/g, '');
  let international: string;
  if (/^\d{8}$/.test(compact)) international = `+216${compact}`;
  else if (/^\+\d+$/.test(compact)) international = compact;
  else if (/^00\d+$/.test(compact)) international = `+${compact.slice(2)}`;
  else return null;
  if (!/^\+[1-9]\d{7,14}$/.test(international)) return null;
  if (international.startsWith('+216') && !/^\+216[2-9]\d{7}$/.test(international)) return null;
  return international;
}

/** Whether `phone` is a Tunisian number (the SMS gateway reaches only those). */
export const isTunisianPhone = (phone: string): boolean => /^\+216[2-9]\d{7}$/.test(phone);
