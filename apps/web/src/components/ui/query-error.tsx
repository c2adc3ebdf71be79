import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage, isRetryable } from '@/lib/api/errors';
import { useTranslation } from 'react-i18next';

interface QueryErrorProps {
  error: FetchBaseQueryError | SerializedError | undefined;
  /** The query's refetch: offered when asking again may work (an outage, a network failure). */
  onRetry: () => void;
}

/**
 * A read that failed: the server's message (a 503 says the shop cannot answer right now) and,
 * when the failure may pass, a Try again button that asks once more.
 */
export function QueryError({ error, onRetry }: QueryErrorProps) {
  const { t } = useTranslation();
  return (
    <div className="message message--error query-error" role="alert">
      <p className="query-error__text">{errorMessage(error)}</p>
      {isRetryable(error) && (
        <button type="button" className="button button--small query-error__retry" onClick={onRetry}>
          {t('common.tryAgain')}
        </button>
      )}
    </div>
  );
}
