import type { ReactNode } from 'react';
import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { Link } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/errors';
import { useTranslation } from 'react-i18next';

import './admin-form.css';

interface Props {
  /** Id of the heading that names the section. */
  titleId: string;
  title: string;
  /** The list the Go Back link returns to. */
  backTo: string;
  /** The audit trail of the thing edited. */
  historyTo?: string;
  /** The form, once fresh values have arrived; nothing while they load. */
  form: ReactNode;
  error: FetchBaseQueryError | SerializedError | undefined;
}

/** What the admin edit screens share: Go Back, the title, then the form, the load error or a spinner. */
export function EditScreen({ titleId, title, backTo, historyTo, form, error }: Props) {
  const { t } = useTranslation();
  return (
    <section className="container page admin-edit" aria-labelledby={titleId}>
      <Link className="button button--ghost button--small admin-edit__back" to={backTo}>
        {t('admin.goBack')}
      </Link>
      {historyTo && (
        <Link
          className="button button--ghost button--small admin-edit__back admin-edit__history"
          to={historyTo}
        >
          {t('admin.audit.history')}
        </Link>
      )}
      <h1 id={titleId} className="page__title">
        {title}
      </h1>
      {form ? (
        form
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
