import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { errorMessage } from '@/lib/api/errors';
import { useTranslation } from 'react-i18next';

import './admin-list.css';

/**
 * An admin list that fails shows the bare word 'error' (as the shop always has). The admin still needs to know
 * why, so the reason is in the tooltip and on a small line under it.
 */
export function ListError({ error }: { error: FetchBaseQueryError | SerializedError | undefined }) {
  const { t } = useTranslation();
  const reason = errorMessage(error);
  return (
    <div className="admin-list-error" role="alert">
      <p className="admin-list-error__word" title={reason}>
        {t('admin.listError')}
      </p>
      <p className="admin-list-error__detail">{t('admin.listErrorDetail', { reason })}</p>
    </div>
  );
}

/** A failed action (delete, pay, add) above a list: the server's message. */
export function ActionError({
  error,
}: {
  error: FetchBaseQueryError | SerializedError | undefined;
}) {
  if (!error) return null;
  return (
    <p className="message message--error" role="alert">
      {errorMessage(error)}
    </p>
  );
}
