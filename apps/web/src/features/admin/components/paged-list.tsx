import type { ReactNode } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Navigate } from 'react-router';
import { Pagination } from '@/components/ui/pagination';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from 'react-i18next';

import { ADMIN_PAGE_SIZE, pageCount } from '../hooks/use-page';
import { ListError } from './list-error';
import './admin-list.css';

interface Props {
  /** What is listed ("Users"), for the page navigation's name. */
  label: string;
  page: number;
  isLoading: boolean;
  isFetching: boolean;
  error: FetchBaseQueryError | SerializedError | undefined;
  /** Rows on this page and X-Total-Count; undefined before the first answer. */
  rows: number | undefined;
  total: number | undefined;
  /** The table. */
  children: ReactNode;
}

/** The states every admin list shares: spinner, 'error', empty, or the table with its pages. */
export function PagedList({
  label,
  page,
  isLoading,
  isFetching,
  error,
  rows,
  total,
  children,
}: Props) {
  const { t } = useTranslation();
  if (isLoading) return <Spinner />;
  if (error || rows === undefined || total === undefined) return <ListError error={error} />;
  // A page past the end (the last row of the last page was deleted): go to the last page.
  if (rows === 0 && page > pageCount(total))
    return <Navigate to={{ search: `?page=${pageCount(total)}` }} replace />;
  if (rows === 0) return <p className="admin-list-empty">{t('admin.nothingFound')}</p>;
  return (
    <div aria-busy={isFetching}>
      {children}
      <Pagination
        label={t('admin.pagination.label', { what: label })}
        page={page}
        total={total}
        pageSize={ADMIN_PAGE_SIZE}
        range={(from, to, total) => t('admin.pagination.range', { from, to, total })}
        compact
      />
    </div>
  );
}
