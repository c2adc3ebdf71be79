import { DEFAULT_PRICE_SETTINGS, priceOrder, type PriceChangedError } from '@shop/shared';
import { useGetShopPricingQuery } from '@/lib/api/shop';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/stores/hooks';
import { RequireAuth } from '@/components/guards';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/errors';
import { useCreateOrderMutation } from '@/lib/api/orders';
import { useStartPaymentMutation } from '@/lib/api/payments';
import { leaveShopFor } from '@/lib/leave-shop';
import { formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { localName } from '@/lib/i18n/course-text';

import { cartCleared, cartPricesUpdated } from '@/stores/cart-slice';
import { WhoWillAttend } from '../components/who-will-attend';
import { hasLearnerErrors, learnersBody } from '../components/learners-fields';
import { AmountsSummary } from '../components/amounts-summary';
import { CheckoutSteps } from '../components/checkout-steps';
import { OrderLines } from '../components/order-lines';
import { PromoCodeField, useAppliedCoupon } from '../components/promo-code';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { priceChangeOf } from '../lib/price-change';
import '../components/checkout.css';
import { countryLabel } from '@/lib/i18n/country';

/** The stable `code` of an API refusal, if any. */
function errorCodeOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object' || !('data' in error)) return undefined;
  const code = (error.data as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function PlaceOrderRoute() {
  return (
    <RequireAuth>
      <PlaceOrder />
    </RequireAuth>
  );
}

/** /placeorder: review, then POST /orders; the order page then shows the server's amounts. */
function PlaceOrder() {
  const { t } = useTranslation();
  const { cartItems, shippingAddress, paymentMethod, invoiceTo } = useAppSelector((s) => s.cart);
  const dispatch = useAppDispatch();
  const [createOrder, { isLoading, error }] = useCreateOrderMutation();
  const [startPayment] = useStartPaymentMutation();
  // One key per checkout attempt, kept through retries until an order exists: a double click
  // or a retry after a lost answer returns the same order instead of placing a second one.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [placed, setPlaced] = useState<{ id: string; paymentError?: string } | null>(null);
  const [openingPayment, setOpeningPayment] = useState(false);
  // The server's amounts after a 409 PRICE_CHANGED: shown, and confirmed by the next click.
  const [priceChange, setPriceChange] = useState<PriceChangedError | null>(null);
  // Issue 37: the promo code's amounts, as the server's check call priced the cart.
  const coupon = useAppliedCoupon();
  const { data: pricing } = useGetShopPricingQuery();
  // Issue 51: the names typed are checked on "Place order"; their errors show from then on.
  const [checkLearners, setCheckLearners] = useState(false);

  // Checked first: clearing the cart after success must not bounce the customer to /cart.
  // The order page greets a customer who has just placed the order (state `placed`); a Card
  // order whose payment page could not be opened says why there (Pay online there).
  if (placed)
    return (
      <Navigate
        to={paths.order(placed.id)}
        replace
        state={{
          placed: true,
          ...(placed.paymentError ? { paymentError: placed.paymentError } : {}),
        }}
      />
    );
  if (openingPayment)
    return (
      <div className="container page">
        <p className="message message--info" role="status">
          {t('checkout.payment.opening')}
        </p>
      </div>
    );
  if (cartItems.length === 0) return <Navigate to={paths.cart()} replace />;
  if (!shippingAddress || !paymentMethod) return <Navigate to={paths.shipping} replace />;

  // What the customer sees, from the cart prices. It is sent along: the server prices the order
  // itself and answers 409 PRICE_CHANGED when its amounts differ, so nobody pays a total they
  // did not see.
  // Issue 52: each course at its rate, the shop's rate and stamp duty, as the server prices it.
  const amounts = coupon.amounts ?? priceOrder(cartItems, null, pricing ?? DEFAULT_PRICE_SETTINGS);

  const learnersInvalid = cartItems.some((item) => item.learners && hasLearnerErrors(item.learners));
  const placeOrder = async () => {
    setCheckLearners(true);
    if (learnersInvalid) {
      document.getElementById('review-learners')?.scrollIntoView?.({ block: 'start' });
      return;
    }
    try {
      const order = await createOrder({
        idempotencyKey,
        body: {
          orderItems: cartItems.map((item) => ({
            course: item.course,
            qty: item.qty,
            ...(item.session ? { session: item.session._id } : {}),
            // "Me" (or no name typed): nothing is sent, the seats are the buyer's.
            ...(item.learners && item.learners.length > 0 ? { learners: learnersBody(item.learners) } : {}),
          })),
          shippingAddress,
          paymentMethod,
          ...(invoiceTo ? { invoiceTo } : {}),
          // A code typed and not removed is always sent: a refused one refuses the order (400
          // COUPON_*), so nobody is charged the full price believing the code applied.
          ...(coupon.couponCode ? { couponCode: coupon.amounts?.code ?? coupon.couponCode } : {}),
          itemsPrice: amounts.itemsPrice,
          shippingPrice: amounts.shippingPrice,
          taxPrice: amounts.taxPrice,
          totalPrice: amounts.totalPrice,
        },
      }).unwrap();
      // The next screen is chosen before the cart empties (an empty cart goes back to /cart).
      if (order.paymentMethod !== 'Card') {
        setPlaced({ id: order._id });
        dispatch(cartCleared());
        return;
      }
      // Card: straight on to the payment provider's page.
      setOpeningPayment(true);
      dispatch(cartCleared());
      try {
        const { payUrl } = await startPayment(order._id).unwrap();
        leaveShopFor(payUrl);
      } catch (err) {
        setPlaced({
          id: order._id,
          paymentError: errorMessage(err as Parameters<typeof errorMessage>[0]),
        });
      }
    } catch (refusal) {
      // A price change: the cart takes the server's prices, so the summary shows the new total
      // and the next click confirms it. Other refusals show on the error line below.
      const changed = priceChangeOf(refusal);
      setPriceChange(changed ?? null);
      if (changed) dispatch(cartPricesUpdated(changed.orderItems));
    }
  };
  const newTotal = priceChange ? formatMoney(priceChange.amounts.totalPrice, 'checkout') : null;
  const { address, city, postalCode, country } = shippingAddress;

  return (
    <div className="container page">
      <CheckoutSteps current={3} />
      <h1 className="page__title">{t('checkout.placeOrder.title')}</h1>
      <div className="checkout-grid">
        <div className="review">
          <section className="review__section" aria-labelledby="review-shipping">
            <h2 id="review-shipping" className="review__title">
              {t('checkout.placeOrder.shippingTitle')}
            </h2>
            <p>
              <strong>{t('checkout.placeOrder.address')}: </strong>
              {address}, {city} {postalCode}, {countryLabel(t, country)}
            </p>
            {invoiceTo && (
              <p>
                <strong>{t('checkout.placeOrder.invoiceTo')}: </strong>
                {invoiceTo.name} ({t('checkout.placeOrder.taxId')}{' '}
                <bdi dir="ltr">{invoiceTo.taxId}</bdi>)
              </p>
            )}
            <Link to={paths.shipping}>{t('checkout.placeOrder.edit')}</Link>
          </section>
          <section className="review__section" aria-labelledby="review-payment">
            <h2 id="review-payment" className="review__title">
              {t('checkout.placeOrder.paymentTitle')}
            </h2>
            <p>
              <strong>{t('checkout.placeOrder.method')}: </strong>
              {t(`checkout.paymentLabels.${paymentMethod}`)}
            </p>
          </section>
          <section className="review__section" aria-labelledby="review-items">
            <h2 id="review-items" className="review__title">
              {t('checkout.placeOrder.itemsTitle')}
            </h2>
            <OrderLines
              lines={cartItems.map((item) => ({
                course: item.course,
                name: localName(item, currentLanguage()),
                image: item.images[0],
                qty: item.qty,
                price: item.price,
                session: item.session ?? null,
              }))}
            />
          </section>
          <WhoWillAttend items={cartItems} showErrors={checkLearners} />
        </div>
        <aside className="summary-card" aria-labelledby="place-order-summary">
          <h2 id="place-order-summary" className="summary-card__title">
            {t('checkout.placeOrder.summaryTitle')}
          </h2>
          <AmountsSummary
            amounts={amounts}
            labels={t('checkout.placeOrder', { returnObjects: true })}
            discountLabel={t('checkout.placeOrder.discount', { code: coupon.amounts?.code ?? '' })}
          />
          <PromoCodeField money="checkout" />
          {checkLearners && learnersInvalid ? (
            <p className="message message--error" role="alert">
              {t('checkout.learners.fixErrors')}
            </p>
          ) : newTotal ? (
            <p className="message message--error" role="alert">
              {t('checkout.placeOrder.pricesChanged', { total: newTotal })}
            </p>
          ) : (
            error && (
              <p className="message message--error" role="alert">
                {errorMessage(error)}
                {/* Issue 31: too many unpaid orders or seats held; they are listed on the profile. */}
                {errorCodeOf(error) === 'TOO_MANY_UNPAID' && (
                  <>
                    {' '}
                    <Link to={paths.profile}>{t('checkout.placeOrder.unpaidOrdersLink')}</Link>
                  </>
                )}
              </p>
            )
          )}
          <button
            type="button"
            className="button button--accent button--block"
            disabled={isLoading || coupon.checking}
            onClick={placeOrder}
          >
            {isLoading
              ? t('checkout.placeOrder.submitting')
              : newTotal
                ? t('checkout.placeOrder.confirmNewTotal', { total: newTotal })
                : t('checkout.placeOrder.submit')}
          </button>
        </aside>
      </div>
    </div>
  );
}
