import { calculateOrderAmounts, type PriceChangedError } from '@shop/shared';
import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/store';
import { RequireAuth } from '@/components/guards';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/errors';
import { useCreateOrderMutation } from '@/lib/api/orders';
import { formatMoney } from '@/lib/format';
import { text } from '@/lib/i18n';
import { cartCleared, cartPricesUpdated } from '@/stores/cart-slice';
import { AmountsSummary } from '../components/amounts-summary';
import { CheckoutSteps } from '../components/checkout-steps';
import { OrderLines } from '../components/order-lines';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { priceChangeOf } from '../lib/price-change';
import '../components/checkout.css';

const t = text.checkout.placeOrder;

export function PlaceOrderRoute() {
  return (
    <RequireAuth>
      <PlaceOrder />
    </RequireAuth>
  );
}

/** /placeorder: review, then POST /orders; the order page then shows the server's amounts. */
function PlaceOrder() {
  const { cartItems, shippingAddress, paymentMethod } = useAppSelector((s) => s.cart);
  const dispatch = useAppDispatch();
  const [createOrder, { isLoading, error }] = useCreateOrderMutation();
  // One key per checkout attempt, kept through retries until an order exists: a double click
  // or a retry after a lost answer returns the same order instead of placing a second one.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [placedOrderId, setPlacedOrderId] = useState<string | null>(null);
  // The server's amounts after a 409 PRICE_CHANGED: shown, and confirmed by the next click.
  const [priceChange, setPriceChange] = useState<PriceChangedError | null>(null);

  // Checked first: clearing the cart after success must not bounce the customer to /cart.
  // The order page greets a customer who has just placed the order (state `placed`).
  if (placedOrderId) return <Navigate to={paths.order(placedOrderId)} replace state={{ placed: true }} />;
  if (cartItems.length === 0) return <Navigate to={paths.cart()} replace />;
  if (!shippingAddress || !paymentMethod) return <Navigate to={paths.shipping} replace />;

  // What the customer sees, from the cart prices. It is sent along: the server prices the order
  // itself and answers 409 PRICE_CHANGED when its amounts differ, so nobody pays a total they
  // did not see.
  const amounts = calculateOrderAmounts(cartItems);

  const placeOrder = async () => {
    try {
      const order = await createOrder({
        idempotencyKey,
        body: {
          orderItems: cartItems.map((item) => ({ course: item.course, qty: item.qty })),
          shippingAddress,
          paymentMethod,
          itemsPrice: amounts.itemsPrice,
          shippingPrice: amounts.shippingPrice,
          taxPrice: amounts.taxPrice,
          totalPrice: amounts.totalPrice,
        },
      }).unwrap();
      setPlacedOrderId(order._id);
      dispatch(cartCleared());
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
      <h1 className="page__title">{t.title}</h1>
      <div className="checkout-grid">
        <div className="review">
          <section className="review__section" aria-labelledby="review-shipping">
            <h2 id="review-shipping" className="review__title">
              {t.shippingTitle}
            </h2>
            <p>
              <strong>{t.address}: </strong>
              {address}, {city} {postalCode}, {country}
            </p>
            <Link to={paths.shipping}>{t.edit}</Link>
          </section>
          <section className="review__section" aria-labelledby="review-payment">
            <h2 id="review-payment" className="review__title">
              {t.paymentTitle}
            </h2>
            <p>
              <strong>{t.method}: </strong>
              {text.checkout.paymentLabels[paymentMethod]}
            </p>
          </section>
          <section className="review__section" aria-labelledby="review-items">
            <h2 id="review-items" className="review__title">
              {t.itemsTitle}
            </h2>
            <OrderLines
              lines={cartItems.map((item) => ({
                course: item.course,
                name: item.name,
                image: item.images[0],
                qty: item.qty,
                price: item.price,
              }))}
            />
          </section>
        </div>
        <aside className="summary-card" aria-labelledby="place-order-summary">
          <h2 id="place-order-summary" className="summary-card__title">
            {t.summaryTitle}
          </h2>
          <AmountsSummary amounts={amounts} labels={t} />
          {newTotal ? (
            <p className="message message--error" role="alert">
              {t.pricesChanged(newTotal)}
            </p>
          ) : (
            error && (
              <p className="message message--error" role="alert">
                {errorMessage(error)}
              </p>
            )
          )}
          <button
            type="button"
            className="button button--accent button--block"
            disabled={isLoading}
            onClick={placeOrder}
          >
            {isLoading ? t.submitting : newTotal ? t.confirmNewTotal(newTotal) : t.submit}
          </button>
        </aside>
      </div>
    </div>
  );
}
