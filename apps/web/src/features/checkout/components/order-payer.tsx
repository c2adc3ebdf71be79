import type { Order, PaymentMethod } from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/errors';
import { useAcceptPayerMutation, useAskPayerMutation } from '@/lib/api/orders';
import { useGetPaymentOptionsQuery } from '@/lib/api/payments';
import { useAppSelector } from '@/stores/hooks';

/**
 * Issue 51: on a child account's pending order, "Ask a parent to pay": an adult's e-mail, a
 * confirmation, then the request is mailed (a newer one voids the older link).
 */
export function AskParent({ order }: { order: Order }) {
  const { t } = useTranslation();
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [ask, result] = useAskPayerMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    if (!window.confirm(t('payer.ask.confirm', { email: address }))) return;
    const answer = await ask({ id: order._id, email: address });
    if ('data' in answer) {
      setSentTo(address);
      setEmail('');
    }
  };

  return (
    <section className="review__section payer-ask" aria-labelledby="payer-ask-title">
      <h2 id="payer-ask-title" className="review__title">
        {t('payer.ask.title')}
      </h2>
      <p>{t('payer.ask.intro')}</p>
      <form className="payer-ask__form" onSubmit={(event) => void submit(event)} noValidate>
        <label htmlFor={emailId} className="field__label">
          {t('payer.ask.email')}
        </label>
        <input
          id={emailId}
          className="field__input"
          type="email"
          dir="ltr"
          autoComplete="off"
          inputMode="email"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={result.isError || undefined}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={result.isLoading || !email.trim()}
        >
          {t('payer.ask.submit')}
        </button>
      </form>
      {result.isError && (
        <p className="message message--error" role="alert">
          {errorMessage(result.error)}
        </p>
      )}
      {sentTo && !result.isError && (
        <div className="message message--success" role="status">
          <p>{t('payer.ask.sent', { email: sentTo })}</p>
          <p>{t('payer.ask.again')}</p>
        </div>
      )}
    </section>
  );
}

/**
 * Issue 51: the page a parent's link opens (`/order/{id}?payer={token}`), signed in: accept to
 * pay, choosing how (the shop's methods). A child account is told to use an adult one.
 */
export function AcceptPayer({ orderId, token }: { orderId: string; token: string }) {
  const { t } = useTranslation();
  const methodId = useId();
  const isKid = useAppSelector((s) => s.user.userInfo?.isKid ?? false);
  const { data: options } = useGetPaymentOptionsQuery();
  const [method, setMethod] = useState<PaymentMethod | ''>('');
  const [accept, result] = useAcceptPayerMutation();
  const [, setSearch] = useSearchParams();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await accept({
      id: orderId,
      token,
      ...(method ? { paymentMethod: method } : {}),
    });
    // Accepted: the link has done its job; the order page shows the order to its payer.
    if ('data' in answer) setSearch({ accepted: '1' }, { replace: true });
  };

  return (
    <div className="container page">
      <section className="review__section payer-accept" aria-labelledby="payer-accept-title">
        <h1 id="payer-accept-title" className="page__title">
          {t('payer.accept.title')}
        </h1>
        {isKid ? (
          <p className="message message--error" role="alert">
            {t('payer.accept.kid')}
          </p>
        ) : (
          <form className="payer-accept__form" onSubmit={(event) => void submit(event)}>
            <p>{t('payer.accept.intro')}</p>
            {options && options.methods.length > 1 && (
              <>
                <label htmlFor={methodId} className="field__label">
                  {t('payer.accept.method')}
                </label>
                <select
                  id={methodId}
                  className="field__input"
                  value={method}
                  onChange={(event) => setMethod(event.target.value as PaymentMethod | '')}
                >
                  <option value="">{t('payer.accept.methodKeep')}</option>
                  {options.methods.map((m) => (
                    <option key={m} value={m}>
                      {t(`checkout.paymentLabels.${m}`)}
                    </option>
                  ))}
                </select>
              </>
            )}
            <button type="submit" className="button button--primary" disabled={result.isLoading}>
              {t('payer.accept.submit')}
            </button>
            {result.isError && (
              <p className="message message--error" role="alert">
                {errorMessage(result.error)}{' '}
                {/* Accepted before (the link is used): the order is there to see and pay. */}
                <Link to={paths.order(orderId)}>{t('payer.accept.seeOrder')}</Link>
              </p>
            )}
          </form>
        )}
      </section>
    </div>
  );
}
