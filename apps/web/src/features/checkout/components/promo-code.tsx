import type { CouponCheck } from '@shop/shared';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/stores/hooks';
import { useCheckCouponQuery } from '@/lib/api/coupons';
import { errorMessage } from '@/lib/api/errors';
import { formatMoney } from '@/lib/format';
import { couponCodeSaved } from '@/stores/cart-slice';

/**
 * The applied promo code's amounts for the cart, from the server's check call (issue 37): run
 * again whenever the code or the cart's lines change. `amounts` is set only while the code
 * applies; `error` is the server's refusal (COUPON_* translated).
 */
export function useAppliedCoupon() {
  const { cartItems, couponCode } = useAppSelector((s) => s.cart);
  const signedIn = useAppSelector((s) => Boolean(s.user.userInfo));
  const query = useCheckCouponQuery(
    couponCode && signedIn && cartItems.length > 0
      ? { code: couponCode, orderItems: cartItems.map((item) => ({ course: item.course, qty: item.qty })) }
      : skipToken,
  );
  const amounts: CouponCheck | undefined = couponCode && !query.isError && !query.isFetching ? query.data : undefined;
  return { couponCode, amounts, error: couponCode ? query.error : undefined, checking: query.isFetching, signedIn };
}

/**
 * The "Promo code" field: Apply checks the code at once; the answer says why a code is refused.
 * `money` is how the screen around it writes amounts (the cart `Tnd`, checkout the spec's `$`).
 */
export function PromoCodeField({ money }: { money: 'catalogue' | 'checkout' }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { couponCode, amounts, error, checking, signedIn } = useAppliedCoupon();
  const [typed, setTyped] = useState(couponCode ?? '');
  if (!signedIn) return null;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    dispatch(couponCodeSaved(typed.trim() || null));
  };
  const remove = () => {
    setTyped('');
    dispatch(couponCodeSaved(null));
  };

  return (
    <form className="promo-code" onSubmit={apply}>
      <label className="promo-code__label" htmlFor="promo-code">
        {t('checkout.promo.label')}
      </label>
      <div className="promo-code__row">
        <input
          id="promo-code"
          name="promoCode"
          className="input"
          value={typed}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button" disabled={checking || typed.trim() === ''}>
          {t('checkout.promo.apply')}
        </button>
        {couponCode && (
          <button type="button" className="button button--link" onClick={remove}>
            {t('checkout.promo.remove')}
          </button>
        )}
      </div>
      <div aria-live="polite">
        {checking && <p className="message message--info">{t('checkout.promo.checking')}</p>}
        {!checking && amounts && (
          <p className="message message--success" role="status">
            {t('checkout.promo.applied', {
              code: amounts.code,
              amount: formatMoney(amounts.discountPrice, money),
            })}
          </p>
        )}
        {!checking && error && (
          <p className="message message--error" role="alert">
            {errorMessage(error)}
          </p>
        )}
      </div>
    </form>
  );
}
