import { calculateOrderAmounts } from '@shop/shared';
import { useEffect } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '@/stores/hooks';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api/errors';
import { coursesApi, useGetCourseQuery } from '@/lib/api/courses';
import { isBookable, sessionsOf } from '@/lib/sessions';
import { sessionProblem } from '../lib/session-check';
import { useMyWaitlist, withOffers } from '@/lib/waitlist';
import { formatMoney } from '@/lib/format';
import { useGetShopPricingQuery } from '@/lib/api/shop';
import { useTranslation } from 'react-i18next';

import { cartItemAdded, cartLineOf } from '@/stores/cart-slice';
import { CartLine } from '../components/cart-line';
import { clampQty } from '@/lib/seats';
import '../components/checkout.css';
import { PromoCodeField, useAppliedCoupon } from '../components/promo-code';

/** /cart, and /cart/:id?qty=n which adds the course (or sets its quantity) before showing the cart. */
export function CartRoute() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [searchParams] = useSearchParams();
  const qtyParam = searchParams.get('qty');
  const sessionParam = searchParams.get('session');
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const course = useGetCourseQuery(id ?? '', { skip: !id });
  // Issue 34: seats held for the customer by a waitlist offer count with the seats left.
  const { offers, loading: offersLoading } = useMyWaitlist();

  // Opening /cart/:id adds the course, then the URL becomes /cart so a reload adds nothing.
  useEffect(() => {
    const found = course.data;
    if (!id || !found || found._id !== id || offersLoading) return;
    // A course with sessions: the seats of the session asked for (issue 33), else the first open one.
    const sessions = withOffers(sessionsOf(found), offers);
    if (sessions.length === 0 && found.availability < 1) return;
    if (sessions.length > 0) {
      const chosen = sessionParam
        ? sessions.find((s) => s._id === sessionParam && isBookable(s))
        : sessions.find((s) => isBookable(s));
      if (!chosen) return;
      dispatch(cartItemAdded(cartLineOf(found, clampQty(qtyParam, chosen.seatsLeft), chosen)));
    } else dispatch(cartItemAdded(cartLineOf(found, clampQty(qtyParam, found.availability))));
    navigate(paths.cart(), { replace: true });
  }, [id, course.data, qtyParam, sessionParam, dispatch, navigate, offers, offersLoading]);

  const adding = !!id && (course.isLoading || course.isFetching || offersLoading);
  const soldOut =
    !!id &&
    course.data &&
    course.data.availability < 1 &&
    !sessionsOf(course.data).some((s) => offers.has(s._id))
      ? course.data.name
      : null;
  // The session asked for filled, was cancelled or ended since the course page was shown.
  const sessionGone =
    !!id &&
    !!course.data &&
    !soldOut &&
    sessionsOf(course.data).length > 0 &&
    !withOffers(sessionsOf(course.data), offers).some((s) =>
      sessionParam ? s._id === sessionParam && isBookable(s) : isBookable(s),
    );

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
      {sessionGone && course.data && (
        <p className="message message--error" role="alert">
          {t('sessions.chooseFirst')}{' '}
          <Link to={paths.course(course.data._id)}>{course.data.name}</Link>
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
  const { offers } = useMyWaitlist();
  const coupon = useAppliedCoupon();
  const { data: pricing } = useGetShopPricingQuery();
  // Issue 33: each line judged against its course's current sessions (the lines fetch them);
  // a line that cannot be ordered as it is, or one still being checked, holds checkout back.
  const checking = useAppSelector((s) =>
    cartItems.some((line) => {
      const query = coursesApi.endpoints.getCourse.select(line.course)(s);
      return query.isUninitialized || query.isLoading;
    }),
  );
  const blocked = useAppSelector((s) =>
    cartItems.some(
      (line) =>
        sessionProblem(line, coursesApi.endpoints.getCourse.select(line.course)(s).data, offers) !==
        null,
    ),
  );

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
  // Issue 54: the summary's total follows an applied code (the server's check of these lines).
  const discount = coupon.amounts?.discountPrice ?? 0;
  // Issue 52: the stamp duty every order bears is known already; taxes come at checkout.
  const stampDuty = pricing?.stampDuty ?? 0;

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
            {discount > 0 && (
              <div className="amounts__row">
                <dt>{t('checkout.cart.discount', { code: coupon.amounts?.code ?? '' })}</dt>
                <dd>−{formatMoney(discount, 'catalogue')}</dd>
              </div>
            )}
            {stampDuty > 0 && (
              <div className="amounts__row">
                <dt>{t('checkout.placeOrder.stampDuty')}</dt>
                <dd>{formatMoney(stampDuty, 'catalogue')}</dd>
              </div>
            )}
            <div className="amounts__row amounts__row--total">
              <dt>{t('checkout.cart.total')}</dt>
              <dd>{formatMoney(itemsPrice - discount + stampDuty, 'catalogue')}</dd>
            </div>
          </dl>
          {/* Issue 37: a signed-in customer can apply a promo code here already. */}
          <PromoCodeField money="catalogue" />
          {blocked && (
            <p className="message message--error" role="alert">
              {t('sessions.blocked')}
            </p>
          )}
          {checking && !blocked && (
            <p className="cart__checking" role="status">
              {t('sessions.checking')}
            </p>
          )}
          <button
            type="button"
            className="button button--accent button--block"
            disabled={cartItems.length === 0 || blocked || checking}
            onClick={() => navigate(paths.login('shipping'))}
          >
            {t('checkout.cart.checkout')}
          </button>
        </aside>
      </div>
    </>
  );
}
