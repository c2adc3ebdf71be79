import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  calculateOrderAmounts,
  COUNTRIES,
  PAYMENT_METHODS,
  shippingAddressSchema,
} from '@shop/shared';
import { useAppDispatch, useAppSelector } from '@/app/store';
import { RadioGroupField, SelectField } from '@/components/form/choice-fields';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { RequireAuth } from '@/components/guards';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useGetPaymentOptionsQuery } from '@/lib/api/payments';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { localName } from '@/lib/i18n/course-text';

import { paymentMethodSaved, shippingAddressSaved } from '@/stores/cart-slice';
import { CheckoutSteps } from '../components/checkout-steps';
import '../components/checkout.css';

/** SPEC §5: address, city and zip are required: the order's own `shippingAddressSchema`. */
const shippingFormSchema = shippingAddressSchema.extend({ paymentMethod: z.enum(PAYMENT_METHODS) });
type ShippingForm = z.infer<typeof shippingFormSchema>;

export function ShippingRoute() {
  return (
    <RequireAuth>
      <Shipping />
    </RequireAuth>
  );
}

/** /shipping: address and payment choice, saved to the cart, then /placeorder. */
function Shipping() {
  const { t } = useTranslation();
  const { cartItems, shippingAddress, paymentMethod } = useAppSelector((s) => s.cart);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const form = useForm<ShippingForm>({
    resolver: zodResolver(shippingFormSchema),
    defaultValues: {
      address: shippingAddress?.address ?? '',
      country: shippingAddress?.country ?? COUNTRIES[0],
      city: shippingAddress?.city ?? '',
      postalCode: shippingAddress?.postalCode ?? '',
      paymentMethod: paymentMethod ?? 'Card',
    },
  });
  const method = useWatch({ control: form.control, name: 'paymentMethod' });
  // Card is offered only when the shop takes online payments (a provider's page); until the
  // answer arrives both choices show, as SPEC §2 has them.
  const { data: options } = useGetPaymentOptionsQuery();
  const methods = options?.methods ?? PAYMENT_METHODS;
  const cardOffered = methods.includes('Card');
  useEffect(() => {
    if (!cardOffered && method === 'Card') form.setValue('paymentMethod', 'In Place');
  }, [cardOffered, method, form]);

  if (cartItems.length === 0) return <Navigate to={paths.cart()} replace />;

  const submit = ({ paymentMethod: chosen, ...address }: ShippingForm) => {
    dispatch(shippingAddressSaved(address));
    dispatch(paymentMethodSaved(chosen));
    void navigate(paths.placeOrder);
  };

  const seats = cartItems.reduce((sum, line) => sum + line.qty, 0);
  const amounts = calculateOrderAmounts(cartItems);

  return (
    <div className="container page">
      <CheckoutSteps current={2} />
      <h1 className="page__title">{t('checkout.shipping.title')}</h1>
      <Form className="checkout-grid" form={form} onSubmit={submit}>
        <div className="checkout-form">
          <TextField
            id="ship-address"
            name="address"
            label={t('checkout.shipping.address')}
            autoComplete="street-address"
            required
          />
          <SelectField
            id="ship-country"
            name="country"
            label={t('checkout.shipping.country')}
            autoComplete="country-name"
            options={COUNTRIES.map((c) => ({ value: c, label: c }))}
          />
          <div className="checkout-form__pair">
            <TextField
              id="ship-city"
              name="city"
              label={t('checkout.shipping.city')}
              autoComplete="address-level2"
              required
            />
            <TextField
              id="ship-zip"
              name="postalCode"
              label={t('checkout.shipping.postalCode')}
              autoComplete="postal-code"
              required
            />
          </div>
          <RadioGroupField
            id="ship-payment"
            name="paymentMethod"
            legend={t('checkout.shipping.payment')}
            options={methods.map((value) => ({
              value,
              label: t(`checkout.paymentLabels.${value}`),
            }))}
          />
          {method === 'Card' && options?.onlineProvider && (
            <p className="payment-note">
              {options.onlineProvider === 'konnect'
                ? t('checkout.payment.konnectNote')
                : t('checkout.payment.testNote')}
            </p>
          )}
        </div>
        <aside className="summary-card" aria-labelledby="shipping-summary-title">
          <h2 id="shipping-summary-title" className="summary-card__title">
            {t('checkout.shipping.summaryTitle')}
          </h2>
          <ul className="summary-card__lines">
            {cartItems.map((item) => (
              <li key={item.course}>
                <span>{localName(item, currentLanguage())}</span>
                <span>× {item.qty}</span>
              </li>
            ))}
          </ul>
          <dl className="amounts">
            <div className="amounts__row amounts__row--total">
              <dt>{t('checkout.cart.subtotal', { count: seats })}</dt>
              <dd>{formatMoney(amounts.itemsPrice, 'checkout')}</dd>
            </div>
          </dl>
          <button type="submit" className="button button--accent button--block">
            {t('checkout.shipping.submit')}
          </button>
        </aside>
      </Form>
    </div>
  );
}
