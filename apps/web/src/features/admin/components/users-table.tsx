import type { User } from '@shop/shared';
import { paths } from '@/config/paths';
import { useTranslation } from 'react-i18next';

import { AdminTable } from './admin-table';
import { RowActions } from './row-actions';
import './admin-list.css';

interface Props {
  users: User[];
  onDelete: (user: User) => void;
  /** The user being deleted: its button is disabled until the server answers. */
  deletingId?: string | undefined;
}

/** Users: ID, Name, Email, Admin YES/NO, EDIT and DELETE. */
export function UsersTable({ users, onDelete, deletingId }: Props) {
  const { t } = useTranslation();
  return (
    <AdminTable
      caption={t('admin.users.caption')}
      head={
        <>
          <th scope="col">{t('admin.users.id')}</th>
          <th scope="col">{t('admin.users.name')}</th>
          <th scope="col">{t('admin.users.email')}</th>
          <th scope="col">{t('admin.users.admin')}</th>
          <th scope="col">{t('admin.users.actions')}</th>
        </>
      }
    >
      {users.map((user) => (
        <tr key={user._id}>
          <td data-label={t('admin.users.id')} className="admin-table__id" title={user._id}>
            {user._id}
          </td>
          <td data-label={t('admin.users.name')}>{user.name}</td>
          <td data-label={t('admin.users.email')}>
            <a href={`mailto:${user.email}`}>{user.email}</a>
          </td>
          <td data-label={t('admin.users.admin')}>
            <span className={`admin-status admin-status--${user.isAdmin ? 'yes' : 'no'}`}>
              {user.isAdmin ? t('admin.yes') : t('admin.no')}
            </span>
          </td>
          <RowActions
            label={t('admin.users.actions')}
            editTo={paths.adminUserEdit(user._id)}
            editLabel={t('admin.users.editLabel', { name: user.name })}
            deleteLabel={t('admin.users.deleteLabel', { name: user.name })}
            onDelete={() => onDelete(user)}
            deleting={deletingId === user._id}
          />
        </tr>
      ))}
    </AdminTable>
  );
}
