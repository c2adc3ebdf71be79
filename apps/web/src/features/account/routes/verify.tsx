import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { START_LOADER_MS } from '@/components/layout/start-loader';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { serverMessage } from '@/lib/api/errors';
import { useVerifyEmailQuery } from '@/lib/api/users';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n/messages';

import { AuthCard } from '../components/auth-card';

/** SPEC §4: the verification answer shows, then the login screen opens 3 s later. */
export const VERIFY_REDIRECT_MS = 3000;

/**
 * The link comes from a mail, so this page is usually the first one: the start loader covers
 * it for its first seconds. The message stays readable for the full 3 s after that.
 */
function redirectDelay(): number {
  return VERIFY_REDIRECT_MS + Math.max(0, START_LOADER_MS - performance.now());
}

export function VerifyRoute() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useVerifyEmailQuery(token);
  const done = !isLoading;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login(), { replace: true }), redirectDelay());
    return () => clearTimeout(timer);
  }, [done, navigate]);

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
