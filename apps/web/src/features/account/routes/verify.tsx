import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useStartLoaderShowing } from '@/components/layout/start-loader';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/api/errors';
import { useVerifyEmailQuery } from '@/lib/api/users';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n/messages';

import { AuthCard } from '../components/auth-card';

/** The verification answer shows, then the login screen opens 3 s later. */
export const VERIFY_REDIRECT_MS = 3000;

export function VerifyRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useVerifyEmailQuery(token);
  // The link comes from a mail, so this page is usually the first one: the start loader covers
  // it for its first seconds. The 3 s count from when the message is really seen: the answer
  // is there and the loader has gone (its end can come late on a busy phone).
  const loaderShowing = useStartLoaderShowing();
  const seen = !isLoading && !loaderShowing;

  useEffect(() => {
    if (!seen) return;
    const timer = setTimeout(() => navigate(paths.login(), { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [seen, navigate]);

  return (
    <AuthCard title={t('account.verify.title')}>
      {isLoading ? (
        <Spinner label={t('account.verify.checking')} />
      ) : (
        <>
          <p className={`message ${data ? 'message--success' : 'message--error'}`} role="status">
            {data
              ? translateMessage(data.message)
              : serverMessage(error, t('account.verify.failed'))}
          </p>
          <p className="auth-card__intro">{t('account.verify.redirecting')}</p>
        </>
      )}
    </AuthCard>
  );
}
