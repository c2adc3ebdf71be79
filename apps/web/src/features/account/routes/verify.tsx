import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useVerifyEmailQuery } from '@/lib/api/users';
import { text } from '@/lib/i18n';
import { AuthCard } from '../components/auth-card';
import { serverMessage } from '../lib/server-message';

const t = text.account;

/** SPEC §4: the verification answer shows, then the login screen opens 3 s later. */
export const VERIFY_REDIRECT_MS = 3000;

export function VerifyRoute() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { data, error, isLoading } = useVerifyEmailQuery(token);
  const done = !isLoading;

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(paths.login(), { replace: true }), VERIFY_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  return (
    <AuthCard title={t.verify.title}>
      {isLoading ? (
        <Spinner label={t.verify.checking} />
      ) : (
        <>
          <p className={`message ${data ? 'message--success' : 'message--error'}`} role="status">
            {data ? data.message : serverMessage(error, t.verify.failed)}
          </p>
          <p className="auth-card__intro">{t.verify.redirecting}</p>
        </>
      )}
    </AuthCard>
  );
}
