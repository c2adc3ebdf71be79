/**
 * One SMS (issue 53): Tunisian operators deliver no concatenated SMS, so a text must fit one
 * message: 160 characters of the GSM 03.38 alphabet (its extension characters count twice), or
 * 70 UTF-16 units when any character is outside it (any Arabic).
 */
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENSION = '^{}\\[~]|€\f';
const BASIC = new Set(GSM_BASIC);
const EXTENSION = new Set(GSM_EXTENSION);

export const GSM7_LIMIT = 160;
export const UCS2_LIMIT = 70;

/** Whether every character of `text` is in the GSM-7 alphabet (basic or extension). */
export function isGsm7(text: string): boolean {
  for (const ch of text) if (!BASIC.has(ch) && !EXTENSION.has(ch)) return false;
  return true;
}

/** What `text` costs in one SMS and how much one SMS holds, in its encoding. */
export function smsSize(text: string): { encoding: 'GSM-7' | 'UCS-2'; length: number; limit: number } {
  if (!isGsm7(text)) return { encoding: 'UCS-2', length: text.length, limit: UCS2_LIMIT };
  let length = 0;
  for (const ch of text) length += EXTENSION.has(ch) ? 2 : 1;
  return { encoding: 'GSM-7', length, limit: GSM7_LIMIT };
}

export const fitsOneSms = (text: string): boolean => {
  const { length, limit } = smsSize(text);
  return length <= limit;
};

/**
 * A name written with GSM-7 characters where it can be: accents GSM-7 lacks (â, ê, î, ô, û, ç, ë,
 * ï…) are dropped, typographic quotes and dashes become plain ones, so a French course name does
 * not turn a whole French SMS into Unicode (70 characters). Characters of other scripts stay.
 */
export function toGsm7(text: string): string {
  let out = '';
  for (const ch of text.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d«»]/g, '"').replace(/[\u2013\u2014]/g, '-').replace(/\u2026/g, '...')) {
    if (BASIC.has(ch) || EXTENSION.has(ch)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += base.length > 0 && isGsm7(base) ? base : ch;
    }
  }
  return out.replace(/\s+/g, ' ').trim();
}

/**
 * Builds a text that fits one SMS: `build` is given the names (course, place, reason…) and writes
 * the text around them; while it does not fit, the longest name is cut (ending in "…" or "..."),
 * down to nothing. Fixed parts — the date, the amount, the link — are never cut. Null when even
 * with every name empty the text does not fit.
 */
export function fitSms(build: (names: readonly string[]) => string, names: readonly string[]): string | null {
  const current = names.map((n) => n.replace(/\s+/g, ' ').trim());
  for (;;) {
    const text = build(current);
    const { length, limit, encoding } = smsSize(text);
    if (length <= limit) return text;
    let longest = -1;
    current.forEach((n, i) => {
      if (n.length > 0 && (longest < 0 || n.length > (current[longest]?.length ?? 0))) longest = i;
    });
    if (longest < 0) return null;
    const name = current[longest] ?? '';
    const ellipsis = encoding === 'UCS-2' ? '…' : '...';
    const keep = name.length - (length - limit) - ellipsis.length;
    current[longest] = keep > 0 ? `${[...name].slice(0, keep).join('').trimEnd()}${ellipsis}` : '';
  }
}
