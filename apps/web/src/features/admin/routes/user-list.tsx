import { USER_SORTS, type User } from '@shop/shared';
import { useDeleteUserMutation, useGetUsersQuery } from '@/lib/api/users';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { yesNoOptions } from '../components/filter-options';
import { ActionError } from '../components/list-error';
import { ListFilters, type FilterField } from '../components/list-filters';
import { PagedList } from '../components/paged-list';
import { UsersTable } from '../components/users-table';
import { ADMIN_PAGE_SIZE, usePage } from '../hooks/use-page';
import { useUrlFilters } from '../hooks/use-url-filters';
import '../components/admin-list.css';

const FILTER_KEYS = ['q', 'admin', 'kid', 'sort'] as const;
/** Built at render time: the labels follow the chosen language. */
const filterFields = (): FilterField<(typeof FILTER_KEYS)[number]>[] => [
  { name: 'q', label: i18n.t('admin.users.search'), kind: 'search' },
  {
    name: 'admin',
    label: i18n.t('admin.users.adminFilter'),
    kind: 'select',
    options: yesNoOptions(),
  },
  { name: 'kid', label: i18n.t('admin.users.kidFilter'), kind: 'select', options: yesNoOptions() },
  {
    name: 'sort',
    label: i18n.t('admin.filters.sort'),
    kind: 'select',
    options: USER_SORTS.filter((s) => s !== 'date_desc').map((s) => ({
      value: s,
      label: i18n.t(`admin.users.sorts.${s}`),
    })),
    emptyLabel: i18n.t('admin.users.sorts.date_desc'),
  },
];

/** /admin/userlist: search and filters in the URL, paged on the server. */
export function UserListRoute() {
  const { t } = useTranslation();
  const page = usePage();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const { data, error, isLoading, isFetching } = useGetUsersQuery({
    ...filters,
    page,
    limit: ADMIN_PAGE_SIZE,
  });
  const [deleteUser, deletion] = useDeleteUserMutation();

  const onDelete = (user: User) => {
    if (!window.confirm(t('admin.confirmDelete'))) return;
    // The outcome shows through `deletion` (error line) and the refetched list.
    void deleteUser(user._id);
  };

  return (
    <section className="container page" aria-labelledby="admin-users-title">
      <header className="admin-screen__header">
        <h1 id="admin-users-title" className="page__title">
          {t('admin.users.title')}
        </h1>
      </header>
      <ListFilters
        label={t('admin.users.filtersLabel')}
        fields={filterFields()}
        values={filters}
        onApply={setFilters}
      />
      <ActionError error={deletion.error} />
      <PagedList
        label={t('admin.users.title')}
        page={page}
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        rows={data?.users.length}
        total={data?.total}
      >
        {data && (
          <UsersTable
            users={data.users}
            onDelete={onDelete}
            deletingId={deletion.isLoading ? deletion.originalArgs : undefined}
          />
        )}
      </PagedList>
    </section>
  );
}
