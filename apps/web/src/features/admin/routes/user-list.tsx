import type { User } from '@shop/shared';
import { useDeleteUserMutation, useGetUsersQuery } from '@/lib/api/users';
import { useTranslation } from 'react-i18next';

import { ActionError } from '../components/list-error';
import { PagedList } from '../components/paged-list';
import { UsersTable } from '../components/users-table';
import { ADMIN_PAGE_SIZE, usePage } from '../hooks/use-page';
import '../components/admin-list.css';

/** /admin/userlist */
export function UserListRoute() {
  const { t } = useTranslation();
  const page = usePage();
  const { data, error, isLoading, isFetching } = useGetUsersQuery({ page, limit: ADMIN_PAGE_SIZE });
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
