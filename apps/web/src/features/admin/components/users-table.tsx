import type { User } from '@shop/shared';
import { paths } from '@/config/paths';
import { text } from '@/lib/i18n';
import { AdminTable } from './admin-table';
import { RowActions } from './row-actions';
import './admin-list.css';

interface Props {
  users: User[];
  onDelete: (user: User) => void;
  /** The user being deleted: its button is disabled until the server answers. */
  deletingId?: string | undefined;
}

/** SPEC §2 Users: ID, Name, Email, Admin YES/NO, EDIT and DELETE. */
export function UsersTable({ users, onDelete, deletingId }: Props) {
  const t = text.admin.users;
  return (
    <AdminTable
      caption={t.caption}
      head={
        <>
          <th scope="col">{t.id}</th>
          <th scope="col">{t.name}</th>
          <th scope="col">{t.email}</th>
          <th scope="col">{t.admin}</th>
          <th scope="col">{t.actions}</th>
        </>
      }
    >
      {users.map((user) => (
        <tr key={user._id}>
          <td data-label={t.id} className="admin-table__id" title={user._id}>
            {user._id}
          </td>
          <td data-label={t.name}>{user.name}</td>
          <td data-label={t.email}>
            <a href={`mailto:${user.email}`}>{user.email}</a>
          </td>
          <td data-label={t.admin}>
            <span className={`admin-status admin-status--${user.isAdmin ? 'yes' : 'no'}`}>
              {user.isAdmin ? text.admin.yes : text.admin.no}
            </span>
          </td>
          <RowActions
            label={t.actions}
            editTo={paths.adminUserEdit(user._id)}
            editLabel={t.editLabel(user.name)}
            deleteLabel={t.deleteLabel(user.name)}
            onDelete={() => onDelete(user)}
            deleting={deletingId === user._id}
          />
        </tr>
      ))}
    </AdminTable>
  );
}
