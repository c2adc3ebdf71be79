import { en } from './en';
import { currentLanguage, i18n } from './index';

type MessageKey =
  `messages.${keyof typeof en.messages}` | `validation.${keyof typeof en.validation}`;

/** English text of the API and the shared schemas -> its key in the catalogue. */
const keyOfText = new Map<string, MessageKey>([
  ...Object.entries(en.messages).map(
    ([key, value]) => [value, `messages.${key}`] as [string, MessageKey],
  ),
  ...Object.entries(en.validation).map(
    ([key, value]) => [value, `validation.${key}`] as [string, MessageKey],
  ),
]);

const SEATS_PREFIX = 'Not enough seats left for ';

/**
 * A message of the API or of a shared schema in the language on screen. English is shown as
 * the server wrote it (the contract's words); another language gets the catalogue's text for
 * the same message, found by its English words, else by the answer's stable `code`, else the
 * English words as they are.
 */
export function translateMessage(message: string, code?: string): string {
  const language = currentLanguage();
  if (language === 'en') return message;
  const key = keyOfText.get(message);
  if (key) return i18n.t(key);
  if (code === 'SEATS_LEFT' && message.startsWith(SEATS_PREFIX))
    return i18n.t('errors.SEATS_LEFT', { course: message.slice(SEATS_PREFIX.length) });
  if (code === 'ORDER_STATE') {
    const status = /(?:it is|the order is) (pending|paid|learned|cancelled|expired)\b/.exec(
      message,
    )?.[1] as keyof typeof en.common.orderStatus | undefined;
    return i18n.t('errors.ORDER_STATE', {
      status: status ? i18n.t(`common.orderStatus.${status}`) : '',
    });
  }
  if (code && code !== 'SEATS_LEFT' && code !== 'ORDER_STATE' && code in en.errors)
    return i18n.t(
      `errors.${code as Exclude<keyof typeof en.errors, 'SEATS_LEFT' | 'ORDER_STATE'>}`,
    );
  return message;
}
