import { CATEGORIES, type Coupon, type CouponBody } from '@shop/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useCreateCouponMutation, useUpdateCouponMutation } from '@/lib/api/coupons';
import { errorMessage, fieldErrors } from '@/lib/api/errors';
import { categoryLabel } from '@/lib/i18n/category';
import { CoursePicker } from './coupon-course-picker';
import './admin-form.css';

/** `2026-11-26T10:00:00.000Z` → the value of a date input (UTC day), and back. */
const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');
const isoOf = (day: string, endOfDay: boolean) =>
  day ? new Date(`${day}T${endOfDay ? '23:59:59.999' : '00:00:00.000'}Z`).toISOString() : null;
const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** Create or edit a coupon (issue 37); the server checks everything and says what is wrong. */
export function CouponForm({ coupon }: { coupon?: Coupon }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create, created] = useCreateCouponMutation();
  const [update, updated] = useUpdateCouponMutation();
  const [code, setCode] = useState(coupon?.code ?? '');
  const [kind, setKind] = useState<CouponBody['kind']>(coupon?.kind ?? 'percent');
  const [value, setValue] = useState(coupon ? String(coupon.value) : '');
  const [startsAt, setStartsAt] = useState(dayOf(coupon?.startsAt ?? null));
  const [endsAt, setEndsAt] = useState(dayOf(coupon?.endsAt ?? null));
  const [maxUses, setMaxUses] = useState(coupon?.maxUses?.toString() ?? '');
  const [maxUsesPerCustomer, setMaxUsesPerCustomer] = useState(
    coupon?.maxUsesPerCustomer?.toString() ?? '',
  );
  const [minItemsPrice, setMinItemsPrice] = useState(coupon?.minItemsPrice?.toString() ?? '');
  const [courses, setCourses] = useState<string[]>(coupon?.courses ?? []);
  const [categories, setCategories] = useState<string[]>(coupon?.categories ?? []);
  const [disabled, setDisabled] = useState(coupon?.disabled ?? false);
  const result = coupon ? updated : created;
  const problems = fieldErrors(result.error);

  const toggle = (list: string[], item: string) =>
    list.includes(item) ? list.filter((x) => x !== item) : [...list, item];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: CouponBody = {
      code: code.trim(),
      kind,
      value: Number(value),
      startsAt: isoOf(startsAt, false),
      endsAt: isoOf(endsAt, true),
      maxUses: numberOrNull(maxUses),
      maxUsesPerCustomer: numberOrNull(maxUsesPerCustomer),
      minItemsPrice: numberOrNull(minItemsPrice),
      courses,
      categories,
      disabled,
    };
    try {
      if (coupon) await update({ id: coupon._id, body }).unwrap();
      else await create(body).unwrap();
      void navigate(paths.adminCoupons);
    } catch {
      // Shown below from the mutation's error.
    }
  };

  const field = (id: string, label: string, input: ReactNode, path?: string) => (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {input}
      {path && problems[path] && (
        <p id={`${id}-error`} className="field__error">
          {problems[path]}
        </p>
      )}
    </div>
  );

  return (
    <form className="admin-form" onSubmit={submit} noValidate>
      {result.error && (
        <p className="message message--error admin-form__summary" role="alert">
          {errorMessage(result.error)}
        </p>
      )}
      {field(
        'coupon-code',
        t('coupons.code'),
        <input
          id="coupon-code"
          className="field__input"
          dir="ltr"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          required
        />,
        'code',
      )}
      <div className="admin-form__row">
        {field(
          'coupon-kind',
          t('coupons.kind'),
          <select
            id="coupon-kind"
            className="field__input"
            value={kind}
            onChange={(e) => setKind(e.target.value as CouponBody['kind'])}
          >
            <option value="percent">{t('coupons.kinds.percent')}</option>
            <option value="fixed">{t('coupons.kinds.fixed')}</option>
          </select>,
        )}
        {field(
          'coupon-value',
          kind === 'percent' ? t('coupons.valuePercent') : t('coupons.valueFixed'),
          <input
            id="coupon-value"
            className="field__input"
            type="number"
            step="0.01"
            min="0"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />,
          'value',
        )}
      </div>
      <div className="admin-form__row">
        {field(
          'coupon-starts',
          t('coupons.startsAt'),
          <input
            id="coupon-starts"
            className="field__input"
            type="date"
            value={startsAt}
            onChange={(e) => setStartsAt(e.target.value)}
          />,
          'startsAt',
        )}
        {field(
          'coupon-ends',
          t('coupons.endsAt'),
          <input
            id="coupon-ends"
            className="field__input"
            type="date"
            value={endsAt}
            onChange={(e) => setEndsAt(e.target.value)}
          />,
          'endsAt',
        )}
      </div>
      <div className="admin-form__row">
        {field(
          'coupon-max-uses',
          t('coupons.maxUses'),
          <input
            id="coupon-max-uses"
            className="field__input"
            type="number"
            min="1"
            step="1"
            value={maxUses}
            onChange={(e) => setMaxUses(e.target.value)}
          />,
          'maxUses',
        )}
        {field(
          'coupon-max-per-customer',
          t('coupons.maxUsesPerCustomer'),
          <input
            id="coupon-max-per-customer"
            className="field__input"
            type="number"
            min="1"
            step="1"
            value={maxUsesPerCustomer}
            onChange={(e) => setMaxUsesPerCustomer(e.target.value)}
          />,
          'maxUsesPerCustomer',
        )}
      </div>
      {field(
        'coupon-min-items',
        t('coupons.minItemsPrice'),
        <input
          id="coupon-min-items"
          className="field__input"
          type="number"
          min="0"
          step="0.01"
          value={minItemsPrice}
          onChange={(e) => setMinItemsPrice(e.target.value)}
        />,
        'minItemsPrice',
      )}
      <CoursePicker chosen={courses} onChange={setCourses} />
      <fieldset className="admin-form__fieldset">
        <legend className="admin-form__legend">{t('coupons.categories')}</legend>
        <div className="admin-form__checks">
          {CATEGORIES.map((category) => (
            <label key={category} className="choice admin-form__check">
              <input
                type="checkbox"
                checked={categories.includes(category)}
                onChange={() => setCategories(toggle(categories, category))}
              />
              {categoryLabel(t, category)}
            </label>
          ))}
        </div>
      </fieldset>
      <label className="choice admin-form__check">
        <input type="checkbox" checked={disabled} onChange={(e) => setDisabled(e.target.checked)} />
        {t('coupons.disabled')}
      </label>
      {coupon && (
        <p>
          {t('coupons.uses')}:{' '}
          {t('coupons.usesOf', { uses: coupon.uses, max: coupon.maxUses ?? t('coupons.noLimit') })}
        </p>
      )}
      <div className="admin-form__actions">
        <button type="submit" className="button button--accent" disabled={result.isLoading}>
          {result.isLoading ? t('coupons.saving') : t('coupons.save')}
        </button>
      </div>
    </form>
  );
}
