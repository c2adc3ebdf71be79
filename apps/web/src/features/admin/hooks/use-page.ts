import { useSearchParams } from 'react-router';

/** Rows per page of the admin lists. */
export const ADMIN_PAGE_SIZE = 20;

/** The list page lives in the URL (?page=n) so it survives reloads and can be shared. */
export function usePage(): number {
  const [params] = useSearchParams();
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The number of pages for a total count; at least 1 so an empty list still has a page. */
export function pageCount(total: number, pageSize = ADMIN_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
