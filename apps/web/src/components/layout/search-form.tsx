import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useTranslation } from 'react-i18next';

interface SearchFormProps {
  placeholder: string;
  className: string;
  /** Where a keyword goes; the storefront catalogue by default. */
  toPath?: (keyword: string) => string;
  autoFocus?: boolean;
  onSearched?: () => void;
}

/** Enter (or the button) opens /search/{keyword}; a blank keyword does nothing. */
export function SearchForm({
  placeholder,
  className,
  toPath = paths.search,
  autoFocus,
  onSearched,
}: SearchFormProps) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const navigate = useNavigate();
  return (
    <form
      role="search"
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        const trimmed = keyword.trim();
        if (!trimmed) return;
        void navigate(toPath(trimmed));
        setKeyword('');
        onSearched?.();
      }}
    >
      <input
        type="search"
        name="keyword"
        className={`${className}__input`}
        aria-label={t('common.search.label')}
        placeholder={placeholder}
        value={keyword}
        maxLength={100}
        autoFocus={autoFocus}
        onChange={(event) => setKeyword(event.target.value)}
      />
      <button
        type="submit"
        className={`${className}__button`}
        aria-label={t('common.search.submit')}
      >
        <SearchIcon />
      </button>
    </form>
  );
}
