import type { Order } from '@shop/shared';
import { useState } from 'react';
import { errorMessage } from '@/lib/api/errors';
import { useStartPaymentMutation } from '@/lib/api/payments';
import { leaveShopFor } from '@/lib/leave-shop';
import { useTranslation } from 'react-i18next';

/**
 * "Pay online" for the owner of an unpaid Card order: asks the server for the provider's page
 * (an open one is handed out again) and goes there. `again` after a failed payment.
 */
export function PayOnline({
  order,
  again,
  error: earlier,
}: {
  order: Order;
  again: boolean;
  error?: string;
}) {
  const { t } = useTranslation();
  const [startPayment, { isLoading, error }] = useStartPaymentMutation();
  const [leaving, setLeaving] = useState(false);

  const pay = async () => {
    try {
      const { payUrl } = await startPayment(order._id).unwrap();
      setLeaving(true);
      leaveShopFor(payUrl);
    } catch {
      // The refusal shows below, from the mutation's state.
    }
  };

  const problem = error ? errorMessage(error) : earlier;
  return (
    <div className="pay-online">
      <button
        type="button"
        className="button button--accent button--block"
        disabled={isLoading || leaving}
        onClick={() => void pay()}
      >
        {isLoading || leaving
          ? t('checkout.payment.opening')
          : again
            ? t('checkout.payment.payAgain')
            : t('checkout.payment.payOnline')}
      </button>
      {problem && (
        <p className="message message--error" role="alert">
          {problem}
        </p>
      )}
    </div>
  );
}
