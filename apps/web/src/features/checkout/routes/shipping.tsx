import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useEffect } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { z } from 'zod';
import {
  COUNTRIES,
  DEFAULT_PRICE_SETTINGS,
  INVOICE_TO_KINDS,
  invoiceToSchema,
  MESSAGES,
  normaliseTaxId,
  PAYMENT_METHODS,
  priceOrder,
  shippingAddressSchema,
} from '@shop/shared';
import { useGetShopPricingQuery } from '@/lib/api/shop';
import { useAppDispatch, useAppSelector } from '@/stores/hooks';
import { CheckboxField, RadioGroupField, SelectField } from '@/components/form/choice-fields';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { RequireAuth } from '@/components/guards';
import { paths } from '@/config/paths';
import { useGetPaymentOptionsQuery } from '@/lib/api/payments';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { localName } from '@/lib/i18n/course-text';
import { formatSessionDates } from '@/lib/sessions';

import { invoiceToSaved, paymentMethodSaved, shippingAddressSaved } from '@/stores/cart-slice';
import { AmountsSummary } from '../components/amounts-summary';
import { CheckoutSteps } from '../components/checkout-steps';
import { useAppliedCoupon } from '../components/promo-code';
import '../components/checkout.css';
import { countryLabel } from '@/lib/i18n/country';

/**
 * Address, city and zip are required: the order's own `shippingAddressSchema`. The buyer to
 * invoice (issue 31; issue 52: a company with its matricule fiscal or a person with their CIN)
 * is checked when ticked, each field on its own so an empty name never hides a wrong tax id,
 * with the shared rule (`normaliseTaxId`) and the server's messages.
 */
const invoiceName = invoiceToSchema.in.shape.name;
const shippingFormSchema = shippingAddressSchema
  .extend({
    paymentMethod: z.enum(PAYMENT_METHODS),
    toCompany: z.boolean(),
    invoiceTo: z.object({ kind: z.enum(INVOICE_TO_KINDS), name: z.string(), taxId: z.string() }),
  })
  .superRefine(({ toCompany, invoiceTo }, check) => {
    if (!toCompany) return;
    const name = invoiceName.safeParse(invoiceTo.name);
    for (const issue of name.error?.issues ?? [])
      check.addIssue({
        code: 'custom',
        // A person's name is not a company's.
        message: invoiceTo.kind === 'person' && !invoiceTo.name.trim() ? 'Name is required' : issue.message,
        path: ['invoiceTo', 'name'],
      });
    if (normaliseTaxId(invoiceTo.kind, invoiceTo.taxId) === null)
      check.addIssue({
        code: 'custom',
        message: invoiceTo.kind === 'person' ? MESSAGES.cinInvalid : MESSAGES.matriculeInvalid,
        path: ['invoiceTo', 'taxId'],
      });
  });
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
  const { cartItems, shippingAddress, paymentMethod, invoiceTo } = useAppSelector((s) => s.cart);
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
      toCompany: !!invoiceTo,
      invoiceTo: { kind: invoiceTo?.kind ?? 'company', name: invoiceTo?.name ?? '', taxId: invoiceTo?.taxId ?? '' },
    },
  });
  const method = useWatch({ control: form.control, name: 'paymentMethod' });
  const toCompany = useWatch({ control: form.control, name: 'toCompany' });
  const person = useWatch({ control: form.control, name: 'invoiceTo.kind' }) === 'person';
  // Once an error was shown, switching company/person re-checks the tax id by the new kind's rule.
  useEffect(() => {
    if (form.formState.isSubmitted) void form.trigger('invoiceTo');
  }, [person, form]);
  // Card is offered only when the shop takes online payments (a provider's page); until the
  // answer arrives both choices show (docs/product.md#screens, "Checkout").
  const { data: options } = useGetPaymentOptionsQuery();
  // Issue 52: priced as place-order prices it (each course at its rate, the stamp duty).
  const { data: pricing } = useGetShopPricingQuery();
  const coupon = useAppliedCoupon();
  // Transfer (issue 36) shows once the shop says it has an account or D17 number to pay to.
  const methods = options?.methods ?? PAYMENT_METHODS.filter((m) => m !== 'Transfer');
  const offered = methods.includes(method);
  useEffect(() => {
    if (!offered) form.setValue('paymentMethod', 'In Place');
  }, [offered, form]);

  if (cartItems.length === 0) return <Navigate to={paths.cart()} replace />;

  const submit = ({ paymentMethod: chosen, toCompany: company, invoiceTo: to, ...address }: ShippingForm) => {
    dispatch(shippingAddressSaved(address));
    dispatch(paymentMethodSaved(chosen));
    // The checked, trimmed company when ticked; unticked forgets it (the invoice is in the buyer's name).
    dispatch(invoiceToSaved(company ? invoiceToSchema.parse(to) : null));
    void navigate(paths.placeOrder);
  };

  const amounts = coupon.amounts ?? priceOrder(cartItems, null, pricing ?? DEFAULT_PRICE_SETTINGS);

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
            options={COUNTRIES.map((c) => ({ value: c, label: countryLabel(t, c) }))}
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
          <fieldset className="choice-group invoice-to">
            <legend className="choice-group__legend field__label">
              {t('checkout.shipping.invoiceTitle')}
            </legend>
            <CheckboxField
              id="ship-to-company"
              name="toCompany"
              label={t('checkout.shipping.toCompany')}
            />
            {toCompany && (
              <>
                <RadioGroupField
                  id="ship-invoice-kind"
                  name="invoiceTo.kind"
                  legend={t('checkout.shipping.invoiceKind')}
                  options={INVOICE_TO_KINDS.map((kind) => ({
                    value: kind,
                    label: t(kind === 'person' ? 'checkout.shipping.kindPerson' : 'checkout.shipping.kindCompany'),
                  }))}
                />
                <TextField
                  id="ship-company-name"
                  name="invoiceTo.name"
                  label={t(person ? 'checkout.shipping.personName' : 'checkout.shipping.companyName')}
                  autoComplete={person ? 'name' : 'organization'}
                  maxLength={120}
                  required
                />
                <TextField
                  // A new field when the kind changes, so its label, hint and error are the kind's.
                  key={person ? 'cin' : 'matricule'}
                  id="ship-company-tax-id"
                  name="invoiceTo.taxId"
                  label={t(person ? 'checkout.shipping.personTaxId' : 'checkout.shipping.companyTaxId')}
                  hint={t(person ? 'checkout.shipping.personTaxIdHint' : 'checkout.shipping.companyTaxIdHint')}
                  inputMode={person ? 'numeric' : undefined}
                  maxLength={30}
                  dir="ltr"
                  required
                />
              </>
            )}
          </fieldset>
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
                : options.onlineProvider === 'flouci'
                  ? t('checkout.payment.flouciNote')
                  : t('checkout.payment.testNote')}
            </p>
          )}
          {method === 'Transfer' && options?.transfer && (
            <p className="payment-note">{t('checkout.transfer.note')}</p>
          )}
        </div>
        <aside className="summary-card" aria-labelledby="shipping-summary-title">
          <h2 id="shipping-summary-title" className="summary-card__title">
            {t('checkout.shipping.summaryTitle')}
          </h2>
          <ul className="summary-card__lines">
            {cartItems.map((item) => (
              <li key={item.course}>
                <span>
                  {localName(item, currentLanguage())}
                  {item.session && (
                    <span className="order-lines__session">
                      {' '}
                      ({formatSessionDates(item.session)})
                    </span>
                  )}
                </span>
                <span>× {item.qty}</span>
              </li>
            ))}
          </ul>
          <AmountsSummary
            amounts={amounts}
            labels={t('checkout.placeOrder', { returnObjects: true })}
            discountLabel={t('checkout.placeOrder.discount', { code: coupon.amounts?.code ?? '' })}
          />
          <button type="submit" className="button button--accent button--block">
            {t('checkout.shipping.submit')}
          </button>
        </aside>
      </Form>
    </div>
  );
}
