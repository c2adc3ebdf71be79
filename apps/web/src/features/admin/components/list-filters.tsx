import { useId, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import './list-filters.css';

export type FilterField<Key extends string> =
  | { name: Key; label: string; kind: 'search'; placeholder?: string }
  | { name: Key; label: string; kind: 'date' }
  | {
      name: Key;
      label: string;
      kind: 'select';
      options: readonly { value: string; label: string }[];
      /** What no choice means ("Newest first" for a sort); default "Any". */
      emptyLabel?: string;
    };

interface Props<Key extends string> {
  /** What the filters narrow ("Filter orders"), for the form's name. */
  label: string;
  fields: readonly FilterField<Key>[];
  values: Partial<Record<Key, string>>;
  onApply: (values: Partial<Record<Key, string>>) => void;
}

/**
 * The filter bar of an admin list: a search box, selects and dates. Selects and dates apply
 * at once; the search applies with Enter or the Search button. The values come from the URL,
 * so the form is drawn again (keyed) when the URL changes.
 */
export function ListFilters<Key extends string>({ label, fields, values, onApply }: Props<Key>) {
  const { t } = useTranslation();
  const id = useId();
  const read = (form: HTMLFormElement) => {
    const data = new FormData(form);
    const next: Partial<Record<Key, string>> = {};
    for (const field of fields) next[field.name] = String(data.get(field.name) ?? '');
    return next;
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(read(event.currentTarget));
  };
  const applyNow = (event: FormEvent<HTMLInputElement | HTMLSelectElement>) => {
    const form = event.currentTarget.form;
    if (form) onApply(read(form));
  };
  const active = fields.some((field) => values[field.name]);

  return (
    <form
      key={JSON.stringify(values)}
      className="list-filters"
      role="search"
      aria-label={label}
      onSubmit={onSubmit}
    >
      {fields.map((field) => {
        const fieldId = `${id}-${field.name}`;
        const value = values[field.name] ?? '';
        return (
          <div
            key={field.name}
            className={`list-filters__field list-filters__field--${field.kind}`}
          >
            <label className="field__label" htmlFor={fieldId}>
              {field.label}
            </label>
            {field.kind === 'select' ? (
              <select
                id={fieldId}
                name={field.name}
                className="field__input"
                defaultValue={value}
                onChange={applyNow}
              >
                <option value="">{field.emptyLabel ?? t('admin.filters.any')}</option>
                {field.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : field.kind === 'date' ? (
              <input
                id={fieldId}
                name={field.name}
                className="field__input"
                type="date"
                defaultValue={value}
                onChange={applyNow}
              />
            ) : (
              <input
                id={fieldId}
                name={field.name}
                className="field__input"
                type="search"
                defaultValue={value}
                placeholder={field.placeholder}
              />
            )}
          </div>
        );
      })}
      <div className="list-filters__actions">
        <button type="submit" className="button button--small">
          {t('admin.filters.search')}
        </button>
        {active && (
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onApply({})}
          >
            {t('admin.filters.clear')}
          </button>
        )}
      </div>
    </form>
  );
}
