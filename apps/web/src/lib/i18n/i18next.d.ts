import 'i18next';
import type { en } from './en';

/** Message keys and their interpolations are checked against the English catalogue. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
