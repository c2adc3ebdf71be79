import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/errors';
import { useGetUserQuery } from '@/lib/api/users';
import { text } from '@/lib/i18n';
import { UserEditForm } from '../components/user-edit-form';
import { useFreshSince } from '../hooks/use-fresh-query';
import '../components/admin-form.css';

/** /admin/user/:id/edit */
export function UserEditRoute() {
  const id = useParams().id ?? '';
  const {
    data: user,
    error,
    fulfilledTimeStamp,
  } = useGetUserQuery(id, {
    refetchOnMountOrArgChange: true,
  });
  const fresh = useFreshSince(fulfilledTimeStamp);

  return (
    <section className="container page admin-edit" aria-labelledby="admin-user-edit-title">
      <Link className="button button--ghost button--small admin-edit__back" to={paths.adminUsers}>
        {text.admin.goBack}
      </Link>
      <h1 id="admin-user-edit-title" className="page__title">
        {text.admin.userEdit.title}
      </h1>
      {user && fresh ? (
        // Keyed by id: the form starts from this user's values, with no effect to sync them.
        <UserEditForm key={user._id} user={user} />
      ) : error ? (
        <p className="message message--error admin-form__summary" role="alert">
          {errorMessage(error)}
        </p>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
