import { useId, useState } from 'react';
import type { CourseSort } from '@shop/shared';
import { useSearchParams } from 'react-router';
import { SearchForm } from '@/components/layout/search-form';
import { FilterIcon, SearchIcon } from '@/components/ui/icons';
import { NumberInput } from '@/components/ui/number-input';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CatalogueView } from '../lib/catalogue-query';
import './catalogue-toolbar.css';
type Panel = 'filter' | 'search' | null;

const SORT_OPTIONS = (t: TFunction): { value: CourseSort | ''; label: string }[] => [
  { value: '', label: t('catalogue.toolbar.sort.default') },
  { value: 'rating', label: t('catalogue.toolbar.sort.rating') },
  { value: 'date', label: t('catalogue.toolbar.sort.date') },
  { value: 'price_asc', label: t('catalogue.toolbar.sort.price_asc') },
  { value: 'price_desc', label: t('catalogue.toolbar.sort.price_desc') },
];

interface ToolbarProps {
  view: CatalogueView;
  /** Where the search panel sends a keyword. */
  searchPath: (keyword: string) => string;
  variant?: 'default' | 'kids';
}

/** Filter and Search buttons toggle two panels; opening one closes the other. */
export function CatalogueToolbar({ view, searchPath, variant = 'default' }: ToolbarProps) {
  const { t } = useTranslation();
  const [panel, setPanel] = useState<Panel>(null);
  const [, setSearchParams] = useSearchParams();
  const filterId = useId();
  const searchId = useId();
  const toggle = (which: Exclude<Panel, null>) =>
    setPanel((open) => (open === which ? null : which));

  /** Changing sort or range starts again at page 1; other params (cg, filter) stay in place. */
  const update = (changes: Record<string, string | number | undefined>) =>
    setSearchParams((params) => {
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined || value === '' || value === 0) params.delete(key);
        else params.set(key, String(value));
      }
      params.delete('page');
      return params;
    });

  return (
    <div className={`catalogue-toolbar catalogue-toolbar--${variant}`}>
      <div className="catalogue-toolbar__buttons">
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={panel === 'filter'}
          aria-controls={filterId}
          onClick={() => toggle('filter')}
        >
          <FilterIcon />
          {t('catalogue.toolbar.filter')}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={panel === 'search'}
          aria-controls={searchId}
          onClick={() => toggle('search')}
        >
          <SearchIcon />
          {t('catalogue.toolbar.search')}
        </button>
      </div>

      <div id={filterId} className="catalogue-toolbar__panel" hidden={panel !== 'filter'}>
        <div className="field catalogue-toolbar__sort">
          <label className="field__label" htmlFor={`${filterId}-sort`}>
            {t('catalogue.toolbar.sortLabel')}
          </label>
          <select
            id={`${filterId}-sort`}
            className="field__input"
            value={view.sort ?? ''}
            onChange={(event) => update({ sort: event.target.value })}
          >
            {SORT_OPTIONS(t).map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {/* Keyed on the URL range so back/forward puts the inputs in step with the list. */}
        <PriceRange
          key={`${view.from}-${view.to}`}
          from={view.from}
          to={view.to}
          onApply={(from, to) => update({ from, to })}
        />
      </div>

      <div id={searchId} className="catalogue-toolbar__panel" hidden={panel !== 'search'}>
        <SearchForm
          className="catalogue-search"
          placeholder={t('catalogue.toolbar.searchPlaceholder')}
          toPath={searchPath}
        />
      </div>
    </div>
  );
}

function PriceRange({
  from,
  to,
  onApply,
}: {
  from: number;
  to: number;
  onApply: (from: number, to: number) => void;
}) {
  const { t } = useTranslation();
  const [min, setMin] = useState(from);
  const [max, setMax] = useState(to);
  return (
    <form
      className="price-range"
      aria-label={t('catalogue.toolbar.priceRange')}
      onSubmit={(event) => {
        event.preventDefault();
        onApply(min, max);
      }}
    >
      <fieldset className="price-range__fields">
        <legend className="field__label">{t('catalogue.toolbar.priceRange')}</legend>
        <NumberInput
          label={t('catalogue.toolbar.from')}
          value={min}
          min={0}
          step={10}
          onChange={setMin}
        />
        <NumberInput
          label={t('catalogue.toolbar.to')}
          value={max}
          min={0}
          step={10}
          onChange={setMax}
        />
        <button type="submit" className="button button--small price-range__submit">
          {t('catalogue.toolbar.applyPrice')}
        </button>
      </fieldset>
    </form>
  );
}
