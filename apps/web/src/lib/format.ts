import { formatAmount } from '@shop/shared';
import { currentLanguage, INTL_LOCALES, type Language } from '@/lib/i18n';

/** Intl formatters are costly to build (a catalogue page formats 24 prices): one per language and kind. */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
function formatter<T extends Intl.NumberFormat | Intl.DateTimeFormat>(
  kind: string,
  language: Language,
  make: (locale: string) => T,
): T {
  const key = `${kind}:${language}`;
  let made = formatters.get(key) as T | undefined;
  if (!made) {
    made = make(INTL_LOCALES[language]);
    formatters.set(key, made);
  }
  return made;
}

/** The amount with two decimals: plain digits in English, the language's own with Intl otherwise. */
function amountText(amount: number): string {
  const language = currentLanguage();
  if (language === 'en') return formatAmount(amount);
  return formatter(
    'amount',
    language,
    (locale) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ).format(Number(formatAmount(amount)));
}

/**
 * The one money formatter (docs/product.md#rules, "Prices"): Tnd in the catalogue and cart, $ at checkout and on orders,
 * in every language (French and Arabic write the number their way: 1 234,50 Tnd). `dinars` is money that
 * really moves (what to send by bank transfer or D17, what is refunded): the currency as a bank
 * writes it, TND, as the mails and invoices do (issue 54: "Send $146.63" above "Amount (TND) 146.63").
 */
export function formatMoney(amount: number, where: 'catalogue' | 'checkout' | 'dinars'): string {
  const value = amountText(amount);
  if (where === 'dinars') return `${value} TND`;
  return where === 'catalogue' ? `${value} Tnd` : `$${value}`;
}

/** Dates are the first 10 characters of the stored ISO date in English, Intl's medium date otherwise. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const language = currentLanguage();
  if (language === 'en') return iso.slice(0, 10);
  return formatter(
    'date',
    language,
    (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(new Date(iso));
}

/**
 * A moment to the minute in the viewer's own time: `YYYY-MM-DD HH:mm` in English (a seat hold
 * ends at a time of day, so the 10-character date alone would not say when), Intl's otherwise.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  const language = currentLanguage();
  if (language !== 'en')
    return formatter(
      'date-time',
      language,
      // A 24-hour clock, as in Tunisia (fr-TN and ar-TN default to 12 hours with AM/PM).
      (locale) =>
        new Intl.DateTimeFormat(locale, {
          dateStyle: 'medium',
          timeStyle: 'short',
          hourCycle: 'h23',
        }),
    ).format(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
