import { text } from '@/lib/i18n';

const t = text.checkout.steps;
const STEPS = [t.signIn, t.shipping, t.placeOrder] as const;

/** Where the customer is in the checkout: sign in, shipping, place order. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label={t.label}>
      <ol className="checkout-steps">
        {STEPS.map((label, index) => {
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
