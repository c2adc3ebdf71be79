import { i18n } from '@/lib/i18n';

/** A yes / no filter: `true` / `false` in the URL and the query (labels in the current language). */
export const yesNoOptions = () => [
  { value: 'true', label: i18n.t('admin.filters.yes') },
  { value: 'false', label: i18n.t('admin.filters.no') },
];
