import { text } from '@/lib/i18n';

/** A yes / no filter: `true` / `false` in the URL and the query. */
export const yesNoOptions = [
  { value: 'true', label: text.admin.filters.yes },
  { value: 'false', label: text.admin.filters.no },
] as const;
