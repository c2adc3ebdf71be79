import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
const STEPS = (t: TFunction) =>
  [
    t('checkout.steps.signIn'),
    t('checkout.steps.shipping'),
    t('checkout.steps.placeOrder'),
  ] as const;

/** Where the customer is in the checkout: sign in, shipping, place order. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('checkout.steps.label')}>
      <ol className="checkout-steps">
        {STEPS(t).map((label, index) => {
          const step = index + 1;
          const state = step < current ? 'done' : step === current ? 'current' : 'todo';
          return (
            <li
              key={label}
              className={`checkout-steps__step checkout-steps__step--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="checkout-steps__number" aria-hidden="true">
                {state === 'done' ? '✓' : step}
              </span>
              {label}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
