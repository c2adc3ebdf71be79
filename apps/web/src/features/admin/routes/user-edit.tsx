import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useGetUserQuery } from '@/lib/api/users';
import { useTranslation } from 'react-i18next';

import { EditScreen } from '../components/edit-screen';
import { UserEditForm } from '../components/user-edit-form';
import { useFreshSince } from '../hooks/use-fresh-query';

/** /admin/user/:id/edit */
export function UserEditRoute() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const {
    data: user,
    error,
    fulfilledTimeStamp,
  } = useGetUserQuery(id, { refetchOnMountOrArgChange: true });
  const fresh = useFreshSince(fulfilledTimeStamp);

  return (
    <EditScreen
      titleId="admin-user-edit-title"
      title={t('admin.userEdit.title')}
      backTo={paths.adminUsers}
      historyTo={paths.adminAuditOf('user', id)}
      error={error}
      // Keyed by id: the form starts from this user's values, with no effect to sync them.
      form={user && fresh && <UserEditForm key={user._id} user={user} />}
    />
  );
}
