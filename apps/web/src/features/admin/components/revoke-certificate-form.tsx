import type { CertificateListItem } from '@shop/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevokeCertificateMutation } from '@/lib/api/certificates';
import { errorMessage } from '@/lib/api/errors';

import './admin-form.css';

/**
 * Revoking one certificate: the reason (required, shown on the public check page), then
 * Revoke or Cancel. The reason field takes the focus when the form opens; Escape cancels.
 */
export function RevokeCertificateForm({
  certificate,
  onDone,
}: {
  certificate: CertificateListItem;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [revoke, result] = useRevokeCertificateMutation();
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => field.current?.focus(), []);

  return (
    <form
      className="revoke-form"
      aria-labelledby={`${id}-title`}
      onKeyDown={(e) => {
        if (e.key === 'Escape') onDone();
      }}
      onSubmit={(e) => {
        e.preventDefault();
        void revoke({ id: certificate._id, reason: reason.trim() })
          .unwrap()
          .then(onDone)
          .catch(() => undefined);
      }}
    >
      <h2 id={`${id}-title`} className="section-title">
        {t('certificates.admin.revokeLabel', { name: certificate.learner })}
      </h2>
      <label className="field__label" htmlFor={`${id}-reason`}>
        {t('certificates.admin.reason')}
      </label>
      <textarea
        ref={field}
        id={`${id}-reason`}
        className="field__input"
        required
        maxLength={500}
        rows={3}
        value={reason}
        aria-describedby={`${id}-hint`}
        onChange={(e) => setReason(e.target.value)}
      />
      <p id={`${id}-hint`} className="admin-form__hint">
        {t('certificates.admin.reasonHint')}
      </p>
      {result.error && (
        <p className="message message--error" role="alert">
          {errorMessage(result.error)}
        </p>
      )}
      <div className="revoke-form__actions">
        <button type="submit" className="button button--danger" disabled={result.isLoading || !reason.trim()}>
          {t('certificates.admin.confirmRevoke')}
        </button>
        <button type="button" className="button button--ghost" onClick={onDone}>
          {t('certificates.admin.cancel')}
        </button>
      </div>
    </form>
  );
}
