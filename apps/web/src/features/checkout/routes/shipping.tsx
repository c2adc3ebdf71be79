import {
  calculateOrderAmounts,
  COUNTRIES,
  PAYMENT_METHODS,
  type Country,
  type PaymentMethod,
} from '@shop/shared';
import { useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/store';
import { RequireAuth } from '@/components/guards';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { text } from '@/lib/i18n';
import { paymentMethodSaved, shippingAddressSaved } from '@/stores/cart-slice';
import { CardDetails } from '../components/card-details';
import { CheckoutSteps } from '../components/checkout-steps';
import '../components/checkout.css';

const t = text.checkout.shipping;

export function ShippingRoute() {
  return (
    <RequireAuth>
      <Shipping />
    </RequireAuth>
  );
}

/** /shipping: address and payment choice, saved to the cart, then /placeorder. */
function Shipping() {
  const { cartItems, shippingAddress, paymentMethod } = useAppSelector((s) => s.cart);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [address, setAddress] = useState(shippingAddress?.address ?? '');
  const [country, setCountry] = useState<Country>(shippingAddress?.country ?? COUNTRIES[0]);
  const [city, setCity] = useState(shippingAddress?.city ?? '');
  const [postalCode, setPostalCode] = useState(shippingAddress?.postalCode ?? '');
  const [method, setMethod] = useState<PaymentMethod>(paymentMethod ?? 'Card');

  if (cartItems.length === 0) return <Navigate to={paths.cart()} replace />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    dispatch(
      shippingAddressSaved({
        address: address.trim(),
        city: city.trim(),
        postalCode: postalCode.trim(),
        country,
      }),
    );
    dispatch(paymentMethodSaved(method));
    navigate(paths.placeOrder);
  };

  const seats = cartItems.reduce((sum, line) => sum + line.qty, 0);
  const amounts = calculateOrderAmounts(cartItems);

  return (
    <div className="container page">
      <CheckoutSteps current={2} />
      <h1 className="page__title">{t.title}</h1>
      <form className="checkout-grid" onSubmit={submit}>
        <div className="checkout-form">
          <div className="field">
            <label className="field__label" htmlFor="ship-address">
              {t.address}
            </label>
            <input
              id="ship-address"
              className="field__input"
              autoComplete="street-address"
              required
              value={address}
              onChange={(e) => setAddress(e.target.value)}
            />
          </div>
          <div className="field">
            <label className="field__label" htmlFor="ship-country">
              {t.country}
            </label>
            <select
              id="ship-country"
              className="field__input"
              autoComplete="country-name"
              value={country}
              onChange={(e) => setCountry(e.target.value as Country)}
            >
              {COUNTRIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="checkout-form__pair">
            <div className="field">
              <label className="field__label" htmlFor="ship-city">
                {t.city}
              </label>
              <input
                id="ship-city"
                className="field__input"
                autoComplete="address-level2"
                required
                value={city}
                onChange={(e) => setCity(e.target.value)}
              />
            </div>
            <div className="field">
              <label className="field__label" htmlFor="ship-zip">
                {t.postalCode}
              </label>
              <input
                id="ship-zip"
                className="field__input"
                autoComplete="postal-code"
                required
                value={postalCode}
                onChange={(e) => setPostalCode(e.target.value)}
              />
            </div>
          </div>
          <fieldset className="choice-group">
            <legend className="choice-group__legend field__label">{t.payment}</legend>
            {PAYMENT_METHODS.map((value) => (
              <label className="choice" key={value}>
                <input
                  type="radio"
                  name="paymentMethod"
                  value={value}
                  checked={method === value}
                  onChange={() => setMethod(value)}
                />
                {text.checkout.paymentLabels[value]}
              </label>
            ))}
          </fieldset>
          {method === 'Card' && <CardDetails />}
        </div>
        <aside className="summary-card" aria-labelledby="shipping-summary-title">
          <h2 id="shipping-summary-title" className="summary-card__title">
            {t.summaryTitle}
          </h2>
          <ul className="summary-card__lines">
            {cartItems.map((item) => (
              <li key={item.course}>
                <span>{item.name}</span>
                <span>× {item.qty}</span>
              </li>
            ))}
          </ul>
          <dl className="amounts">
            <div className="amounts__row amounts__row--total">
              <dt>{text.checkout.cart.subtotal(seats)}</dt>
              <dd>{formatMoney(amounts.itemsPrice, 'checkout')}</dd>
            </div>
          </dl>
          <button type="submit" className="button button--accent button--block">
            {t.submit}
          </button>
        </aside>
      </form>
    </div>
  );
}
