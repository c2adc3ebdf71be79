import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/stores/hooks';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/api/errors';
import { useConfirmEmailQuery, usersApi } from '@/lib/api/users';
import { translateMessage } from '@/lib/i18n/messages';

import { AuthCard } from '../components/auth-card';
import '../components/form.css';

/**
 * /confirm-email/{token} (issue 31): the link mailed to a new e-mail address. Shows the
 * server's answer (confirmed, or why not: invalid, expired, used, or the address taken
 * meanwhile) and a way on: the account when signed in, else the sign-in page.
 */
export function ConfirmEmailRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((s) => s.user.userInfo !== null);
  const { data, error, isLoading } = useConfirmEmailQuery(token);

  // The account's address changed: what the shop knows of the profile is stale now.
  useEffect(() => {
    if (data) dispatch(usersApi.util.invalidateTags([{ type: 'User', id: 'ME' }]));
  }, [data, dispatch]);

  return (
    <AuthCard title={t('account.confirmEmail.title')}>
      {isLoading ? (
        <Spinner label={t('account.confirmEmail.checking')} />
      ) : (
        <>
          <p className={`message ${data ? 'message--success' : 'message--error'}`} role="status">
            {data
              ? translateMessage(data.message)
              : serverMessage(error, t('account.confirmEmail.failed'))}
          </p>
          <div className="auth-form__links">
            {signedIn ? (
              <Link to={paths.profile}>{t('account.confirmEmail.toProfile')}</Link>
            ) : (
              <Link to={paths.login()}>{t('account.confirmEmail.toLogin')}</Link>
            )}
          </div>
        </>
      )}
    </AuthCard>
  );
}
