/**
 * What keyword search compares (issue 54): a text folded so that the ways people type one word
 * in French and Arabic meet. Letter case; Latin accents and other combining marks (`Pâtisserie`
 * → `patisserie`, `ç` → `c`); Arabic vowel marks and shadda (`حلويّات` → `حلويات`), the hamza
 * and madda carried by an alef (`إ`, `أ`, `آ` → `ا`; also on waw and ya), alef wasla, tatweel,
 * `ى` → `ي` and `ة` → `ه`.
 *
 * Both sides go through it: the stored `search_text` (courses.repository's searchTextOf) and the
 * words of a keyword (keywordWords), so the comparison stays one trigram-indexed `like` on the
 * database. The SQL in migration 0030 folds existing rows the same way (a test compares the two).
 */
export function foldForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(COMBINING_MARKS, '')
    .replace(/[ٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .normalize('NFC');
}

/**
 * Combining marks left by NFD (Latin accents U+0300–U+036F; Arabic harakat, shadda, sukun, hamza
 * and madda above or below U+064B–U+065F; superscript alef U+0670) and the tatweel U+0640.
 */
const COMBINING_MARKS = /[\u0300-\u036f\u064b-\u065f\u0670\u0640]/g;
