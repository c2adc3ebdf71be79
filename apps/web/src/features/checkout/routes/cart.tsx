import { calculateOrderAmounts } from '@shop/shared';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/app/store';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/errors';
import { useGetCourseQuery } from '@/lib/api/courses';
import { formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';

import { cartItemAdded, cartLineOf } from '@/stores/cart-slice';
import { CartLine } from '../components/cart-line';
import { clampQty } from '@/lib/seats';
import '../components/checkout.css';

/** /cart and /cart/:id?qty=n (SPEC §2, §4). */
export function CartRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const qtyParam = searchParams.get('qty');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const course = useGetCourseQuery(id ?? '', { skip: !id });

  // Opening /cart/:id adds the course, then the URL becomes /cart so a reload adds nothing.
  useEffect(() => {
    const found = course.data;
    if (!id || !found || found._id !== id || found.availability < 1) return;
    dispatch(cartItemAdded(cartLineOf(found, clampQty(qtyParam, found.availability))));
    navigate(paths.cart(), { replace: true });
  }, [id, course.data, qtyParam, dispatch, navigate]);

  const adding = !!id && (course.isLoading || course.isFetching);
  const soldOut = !!id && course.data && course.data.availability < 1 ? course.data.name : null;

  return (
    <div className="container page cart">
      {adding && <Spinner label={t('checkout.cart.adding')} />}
      {id && course.error && (
        <p className="message message--error" role="alert">
          {errorMessage(course.error)}
        </p>
      )}
      {soldOut && (
        <p className="message message--error" role="alert">
          {t('checkout.cart.soldOut', { name: soldOut })}
        </p>
      )}
      {!adding && <CartContents />}
    </div>
  );
}

function CartContents() {
  const { t } = useTranslation();
  const cartItems = useAppSelector((s) => s.cart.cartItems);
  const navigate = useNavigate();

  if (cartItems.length === 0)
    return (
      <section className="cart-empty" aria-labelledby="cart-title">
        <h1 id="cart-title" className="page__title">
          {t('checkout.cart.empty')}
        </h1>
        <Link className="button" to={paths.courses}>
          {t('checkout.cart.goLearn')}
        </Link>
      </section>
    );

  const seats = cartItems.reduce((sum, line) => sum + line.qty, 0);
  const { itemsPrice } = calculateOrderAmounts(cartItems);

  return (
    <>
      <h1 id="cart-title" className="page__title">
        {t('checkout.cart.heading', { count: cartItems.length })}
      </h1>
      <div className="checkout-grid">
        <ul className="cart-lines" aria-labelledby="cart-title">
          {cartItems.map((item) => (
            <CartLine key={item.course} item={item} />
          ))}
        </ul>
        <aside className="summary-card" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title" className="summary-card__title">
            {t('checkout.cart.summaryTitle')}
          </h2>
          <dl className="amounts">
            <div className="amounts__row">
              <dt>{t('checkout.cart.subtotal', { count: seats })}</dt>
              <dd>{formatMoney(itemsPrice, 'catalogue')}</dd>
            </div>
            <div className="amounts__row">
              <dt>{t('checkout.cart.taxes')}</dt>
              <dd className="amounts__placeholder">{t('checkout.cart.taxesPlaceholder')}</dd>
            </div>
            <div className="amounts__row amounts__row--total">
              <dt>{t('checkout.cart.total')}</dt>
              <dd>{formatMoney(itemsPrice, 'catalogue')}</dd>
            </div>
          </dl>
          <button
            type="button"
            className="button button--accent button--block"
            disabled={cartItems.length === 0}
            onClick={() => navigate(paths.login('shipping'))}
          >
            {t('checkout.cart.checkout')}
          </button>
        </aside>
      </div>
    </>
  );
}
