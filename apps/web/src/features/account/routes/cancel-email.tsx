import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/stores/hooks';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/api/errors';
import { useCancelEmailChangeQuery, usersApi } from '@/lib/api/users';
import { translateMessage } from '@/lib/i18n/messages';

import { AuthCard } from '../components/auth-card';
import '../components/form.css';

/**
 * /cancel-email/{token} (issue 49): the link of the notice mailed to the OLD address when an
 * e-mail change was asked. Shows the server's answer (cancelled, or why not: the link is void,
 * used or expired) and, once cancelled, tells the owner to choose a new password, since whoever
 * asked knew the current one. A way on: the account when signed in, else the sign-in page.
 */
export function CancelEmailRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((s) => s.user.userInfo !== null);
  const { data, error, isLoading } = useCancelEmailChangeQuery(token);

  // The pending change is gone: what the shop knows of the profile is stale now.
  useEffect(() => {
    if (data) dispatch(usersApi.util.invalidateTags([{ type: 'User', id: 'ME' }]));
  }, [data, dispatch]);

  return (
    <AuthCard title={t('account.cancelEmail.title')}>
      {isLoading ? (
        <Spinner label={t('account.cancelEmail.checking')} />
      ) : (
        <>
          <p className={`message ${data ? 'message--success' : 'message--error'}`} role="status">
            {data
              ? translateMessage(data.message)
              : serverMessage(error, t('account.cancelEmail.failed'))}
          </p>
          {data && <p>{t('account.cancelEmail.changePassword')}</p>}
          <div className="auth-form__links">
            {signedIn ? (
              <Link to={paths.profile}>{t('account.cancelEmail.toProfile')}</Link>
            ) : (
              <Link to={paths.login()}>{t('account.cancelEmail.toLogin')}</Link>
            )}
          </div>
        </>
      )}
    </AuthCard>
  );
}
