import { PROOF_REJECT_REASON_MAX, type Order } from '@shop/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useFocusBackOnClose } from '@/components/ui/use-focus-back';
import { errorMessage } from '@/lib/api/errors';
import { useGetProofFileQuery, useRejectProofMutation } from '@/lib/api/payment-proofs';
import { formatDate } from '@/lib/format';
import { useTranslation } from 'react-i18next';

/** The proof itself: a picture inline, a PDF as a link that opens it. */
function ProofPreview({ order }: { order: Order }) {
  const { t } = useTranslation();
  const uploadedAt = order.paymentProof?.uploadedAt ?? '';
  const { data, error, isLoading } = useGetProofFileQuery({ id: order._id, uploadedAt });
  useEffect(() => {
    const url = data?.url;
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [data?.url]);
  if (isLoading) return <p>{t('checkout.proof.loading')}</p>;
  if (error || !data)
    return (
      <p className="message message--error" role="alert">
        {error ? errorMessage(error) : t('checkout.proof.loading')}
      </p>
    );
  if (data.type.startsWith('image/'))
    return (
      <a href={data.url} target="_blank" rel="noreferrer" className="admin-proof__image-link">
        <img
          src={data.url}
          alt={t('checkout.proof.imageAlt', { id: order._id })}
          className="admin-proof__image"
        />
      </a>
    );
  return (
    <a
      href={data.url}
      target="_blank"
      rel="noreferrer"
      className="button button--ghost button--block"
    >
      {t('checkout.proof.openPdf')}
    </a>
  );
}

/** Reject with a reason: a small dialog (Escape or Cancel closes it, focus goes back to Reject). */
function RejectDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const reasonId = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [reject, result] = useRejectProofMutation();
  useEffect(() => field.current?.focus(), []);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (!text) {
      setMissing(true);
      return;
    }
    const answer = await reject({ id: order._id, reason: text });
    if (!('error' in answer)) onClose();
  };
  const error = missing
    ? t('checkout.proof.reasonRequired')
    : result.error
      ? errorMessage(result.error)
      : null;
  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      className="admin-proof__dialog"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onClose();
      }}
    >
      <h3 id={titleId} className="admin-proof__dialog-title">
        {t('checkout.proof.rejectTitle')}
      </h3>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={reasonId} className="field__label">
          {t('checkout.proof.reasonLabel')}
        </label>
        <textarea
          ref={field}
          id={reasonId}
          className="field__input"
          rows={3}
          maxLength={PROOF_REJECT_REASON_MAX}
          value={reason}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        />
        {error && (
          <p className="message message--error" role="alert">
            {error}
          </p>
        )}
        <div className="admin-proof__dialog-actions">
          <button type="submit" className="button" disabled={result.isLoading}>
            {result.isLoading ? t('checkout.order.working') : t('checkout.proof.confirmReject')}
          </button>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('checkout.proof.cancel')}
          </button>
        </div>
      </form>
    </div>
  );
}

/**
 * Admin, beside the amounts (issue 36): the proof of payment of a Transfer order, its state,
 * and Reject with a reason while it waits. Approving is Mark as Paid (AdminOrderActions).
 */
export function AdminProof({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [rejecting, setRejecting] = useState(false);
  const rejectButton = useRef<HTMLButtonElement>(null);
  // The dialog's close shows Reject again: the focus goes back to it.
  useFocusBackOnClose(rejecting, rejectButton);
  const proof = order.paymentProof;
  if (!proof) return null;
  const waiting =
    proof.status === 'submitted' && (order.status === 'pending' || order.status === 'expired');
  const close = () => setRejecting(false);
  return (
    <section className="admin-proof" aria-labelledby="admin-proof-title">
      <h3 id="admin-proof-title" className="admin-proof__title">
        {t('checkout.proof.title')}
      </h3>
      <p
        className={`message ${proof.status === 'rejected' ? 'message--error' : 'message--success'}`}
      >
        {proof.status === 'rejected'
          ? t('checkout.proof.rejectedAdmin', { reason: proof.reason ?? '' })
          : t('checkout.proof.submittedAdmin', { date: formatDate(proof.uploadedAt) })}
      </p>
      <ProofPreview order={order} />
      {waiting && !rejecting && (
        <button
          ref={rejectButton}
          type="button"
          className="button button--ghost button--block"
          onClick={() => setRejecting(true)}
        >
          {t('checkout.proof.reject')}
        </button>
      )}
      {waiting && rejecting && <RejectDialog order={order} onClose={close} />}
    </section>
  );
}
