import { PAYMENT_PROOF_MAX_BYTES, PAYMENT_PROOF_TYPES, type Order } from '@shop/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/api/errors';
import { useGetPaymentOptionsQuery } from '@/lib/api/payments';
import { useUploadProofMutation } from '@/lib/api/payment-proofs';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';

/** The reference a transfer is sent with: the order number as the mails and the admin search know it. */
export const transferReference = (orderId: string) => orderId.slice(0, 8);

/** A value to type into a banking app, and a button that copies it (text stays selectable too). */
function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="transfer__row">
      <dt>{label}</dt>
      <dd>
        <bdi dir="ltr" className="transfer__value">
          {value}
        </bdi>{' '}
        <button
          type="button"
          className="button button--ghost transfer__copy"
          aria-label={t('checkout.transfer.copy', { label })}
          onClick={() => void copy()}
        >
          {copied ? t('checkout.transfer.copied') : t('checkout.transfer.copyShort')}
        </button>
      </dd>
    </div>
  );
}

/** Where the proof stands for its owner: received and being checked, or refused and why. */
function ProofState({ order }: { order: Order }) {
  const { t } = useTranslation();
  const proof = order.paymentProof;
  if (!proof) return null;
  if (proof.status === 'rejected')
    return (
      <div className="message message--error transfer__state" role="status">
        <p>{t('checkout.transfer.rejected')}</p>
        {proof.reason && (
          <p>
            <strong>{t('checkout.transfer.reason')}: </strong>
            {proof.reason}
          </p>
        )}
      </div>
    );
  // Issue 54: a cancelled or expired order does not say its receipt is being checked.
  if (order.status === 'cancelled' || order.status === 'expired')
    return (
      <div className="message message--info transfer__state" role="status">
        <p>{t('checkout.transfer.submittedClosed', { date: formatDate(proof.uploadedAt) })}</p>
      </div>
    );
  return (
    <div className="message message--success transfer__state" role="status">
      <p>{t('checkout.transfer.submitted', { date: formatDate(proof.uploadedAt) })}</p>
      {order.status === 'pending' && <ProofHold order={order} />}
    </div>
  );
}

/**
 * Issue 49: while the centre checks the receipt, until when the seats are held, that the order
 * cannot be cancelled meanwhile, and whom to call (the centre's phone and e-mail as the footer
 * and the contact page show them).
 */
function ProofHold({ order }: { order: Order }) {
  const { t } = useTranslation();
  const phone = t('common.footer.phone');
  const email = t('common.footer.email');
  return (
    <>
      {order.holdExpiresAt && (
        <p>
          <strong>{t('checkout.transfer.heldUntil', { date: formatDateTime(order.holdExpiresAt) })}</strong>
        </p>
      )}
      <p>{t('checkout.transfer.noCancel')}</p>
      <p>{t('checkout.transfer.whomToCall')}</p>
      <ul className="transfer__contact">
        <li>
          {t('checkout.transfer.phone')}{' '}
          <a href={`tel:${phone.replace(/\s/g, '')}`}>
            <bdi dir="ltr">{phone}</bdi>
          </a>
        </li>
        <li>
          {t('checkout.transfer.email')}{' '}
          <a href={`mailto:${email}`}>
            <bdi dir="ltr">{email}</bdi>
          </a>
        </li>
      </ul>
    </>
  );
}

/** The file input and its button; a file of the wrong type or size is refused before sending. */
function ProofUpload({ order }: { order: Order }) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [local, setLocal] = useState<string | null>(null);
  const [upload, result] = useUploadProofMutation();
  const again = order.paymentProof !== null;

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setLocal(null);
    if (!chosen) return;
    if (!(PAYMENT_PROOF_TYPES as readonly string[]).includes(chosen.type)) setLocal(t('checkout.transfer.wrongType'));
    else if (chosen.size > PAYMENT_PROOF_MAX_BYTES) setLocal(t('checkout.transfer.tooLarge'));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) {
      setLocal(t('checkout.transfer.chooseFile'));
      return;
    }
    if (local) return;
    const answer = await upload({ id: order._id, file });
    if (!('error' in answer)) {
      setFile(null);
      if (input.current) input.current.value = '';
    }
  };
  const error = local ?? (result.error ? errorMessage(result.error) : null);

  return (
    <form className="transfer__upload" onSubmit={(event) => void submit(event)} noValidate>
      <label htmlFor={inputId} className="field__label">
        {again ? t('checkout.transfer.uploadAgainLabel') : t('checkout.transfer.uploadLabel')}
      </label>
      <p id={hintId} className="field__hint">
        {t('checkout.transfer.uploadHint')}
      </p>
      <input
        ref={input}
        id={inputId}
        type="file"
        className="field__input"
        accept={PAYMENT_PROOF_TYPES.join(',')}
        aria-describedby={hintId}
        aria-invalid={error ? true : undefined}
        onChange={(event) => choose(event.target.files?.[0] ?? null)}
      />
      <button type="submit" className="button button--block" disabled={result.isLoading}>
        {result.isLoading ? t('checkout.transfer.sending') : t('checkout.transfer.send')}
      </button>
      {error && (
        <p className="message message--error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

/**
 * A Transfer order for its owner (issue 36): while it is pending, what to pay, to which bank
 * account or D17 number, with the order number as the reference (each with a copy button),
 * then the upload of the proof; and where the proof stands (being checked, or refused with
 * the admin's reason and a new upload).
 */
export function TransferPayment({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const { data: options } = useGetPaymentOptionsQuery();
  if (order.paymentMethod !== 'Transfer' || order.isPaid) return null;
  const pending = order.status === 'pending';
  const transfer = options?.transfer;
  // In an Arabic sentence the amount keeps "169,00 TND" left to right (a left-to-right isolate).
  const dinars = formatMoney(order.totalPrice, 'dinars');
  const total = i18n.language === 'ar' ? `\u2066${dinars}\u2069` : dinars;
  return (
    <section className="review__section transfer" aria-labelledby="transfer-title">
      <h2 id="transfer-title" className="review__title">
        {t('checkout.transfer.title')}
      </h2>
      <ProofState order={order} />
      {pending && (
        <>
          <p>{t('checkout.transfer.intro', { total })}</p>
          <dl className="transfer__details">
            <CopyValue label={t('checkout.transfer.amount')} value={order.totalPrice.toFixed(2)} />
            {transfer?.bankAccount && <CopyValue label={t('checkout.transfer.bankAccount')} value={transfer.bankAccount} />}
            {transfer?.d17Number && <CopyValue label={t('checkout.transfer.d17Number')} value={transfer.d17Number} />}
            <CopyValue label={t('checkout.transfer.reference')} value={transferReference(order._id)} />
          </dl>
          <p className="field__hint">{t('checkout.transfer.afterPaying')}</p>
          <ProofUpload order={order} />
        </>
      )}
    </section>
  );
}
