import { CountOptions } from '@/components/ui/count-options';
import { IsolatedParts, isolatedText } from '@/components/ui/isolated-parts';
import { CourseImage } from '@/components/ui/course-image';
import { calculateOrderAmounts } from '@shop/shared';
import { Link } from 'react-router';
import { useAppDispatch } from '@/stores/hooks';
import { TrashIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { localName } from '@/lib/i18n/course-text';

import { cartItemAdded, cartItemRemoved, cartLineOf, type CartItem } from '@/stores/cart-slice';
import { maxSeats } from '@/lib/seats';
import { useGetCourseQuery } from '@/lib/api/courses';
import { formatSessionDates, isBookable, sessionsOf } from '@/lib/sessions';
import { sessionProblem, type SessionProblem } from '../lib/session-check';
import { useMyWaitlist, withOffers } from '@/lib/waitlist';
import type { TFunction } from 'i18next';

/** The sentence that says why a line cannot be ordered as it is (issue 33). */
export function sessionProblemText(t: TFunction, problem: SessionProblem): string {
  switch (problem.kind) {
    case 'full':
      return t('sessions.lineFull');
    case 'fewer':
      return t('sessions.lineFewer', { count: problem.seatsLeft });
    case 'cancelled':
      return t('sessions.lineCancelled');
    case 'ended':
      return t('sessions.lineEnded');
    case 'noSession':
      return t('sessions.lineNoSession');
  }
}

/** One cart line: image, name, price in Tnd, quantity 1..availability, line total, remove. */
export function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const name = localName(item, currentLanguage());
  const dispatch = useAppDispatch();
  // The course as it is now (issue 33): the line's session may have filled, been cancelled or
  // ended since it was added; the cart route blocks checkout on the same judgement.
  const { data: course } = useGetCourseQuery(item.course);
  // Issue 34: seats held for the customer by a waitlist offer count with the seats left.
  const { offers } = useMyWaitlist();
  const problem = sessionProblem(item, course, offers);
  const sessions = withOffers(sessionsOf(course), offers);
  const current = sessions.find((s) => s._id === item.session?._id);
  const seats = current ? current.seatsLeft : item.availability;
  // A line saved before the seats ran low still shows its quantity; the order will say 409.
  const options = Math.max(maxSeats(seats), item.qty);
  const lineTotal = calculateOrderAmounts([item]).itemsPrice;
  const selectId = `qty-${item.course}`;
  const sessionSelectId = `session-${item.course}`;
  const problemId = `problem-${item.course}`;
  const offered = sessions.filter((s) => isBookable(s));

  return (
    <li className="cart-line">
      <CourseImage
        className="cart-line__image"
        src={item.images[0]}
        width={120}
        height={80}
        loading="lazy"
      />
      <div className="cart-line__info">
        <Link className="cart-line__name" to={paths.course(item.course)}>
          {name}
        </Link>
        <span className="cart-line__price">
          <span className="visually-hidden">{t('checkout.cart.unitPrice')}: </span>
          {formatMoney(item.price, 'catalogue')}
        </span>
      </div>
      {/* Issue 54: the session on a row of its own, the line's whole width, so the place shows at 375 px. */}
      <div className="cart-line__when">
        {course && offered.length > 0 ? (
          <span className="cart-line__session">
            <label className="visually-hidden" htmlFor={sessionSelectId}>
              {t('sessions.changeSession', { name })}
            </label>
            <select
              id={sessionSelectId}
              className="field__input cart-line__session-select"
              value={offered.some((s) => s._id === item.session?._id) ? item.session?._id : ''}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? problemId : undefined}
              onChange={(e) => {
                const next = offered.find((s) => s._id === e.target.value);
                if (next)
                  dispatch(
                    cartItemAdded(
                      cartLineOf(course, Math.min(item.qty, maxSeats(next.seatsLeft)), next),
                    ),
                  );
              }}
            >
              {!offered.some((s) => s._id === item.session?._id) && (
                <option value="" disabled>
                  {item.session ? isolatedText([formatSessionDates(item.session), item.session.place]) : t('sessions.choose')}
                </option>
              )}
              {offered.map((s) => (
                <option key={s._id} value={s._id}>
                  {isolatedText([formatSessionDates(s), s.place])}
                </option>
              ))}
            </select>
          </span>
        ) : (
          item.session && (
            <span className="cart-line__session">
              <IsolatedParts parts={[formatSessionDates(item.session), item.session.place]} />
            </span>
          )
        )}
        {problem && (
          <span id={problemId} className="cart-line__problem" role="alert">
            {sessionProblemText(t, problem)}
          </span>
        )}
      </div>
      <div className="cart-line__qty">
        <label className="visually-hidden" htmlFor={selectId}>
          {t('checkout.cart.quantity', { name })}
        </label>
        <select
          id={selectId}
          className="field__input cart-line__select"
          value={item.qty}
          onChange={(e) => dispatch(cartItemAdded({ ...item, qty: Number(e.target.value) }))}
        >
          <CountOptions max={options} />
        </select>
      </div>
      <span className="cart-line__total">
        <span className="visually-hidden">{t('checkout.cart.lineTotal')}: </span>
        {formatMoney(lineTotal, 'catalogue')}
      </span>
      <button
        type="button"
        className="icon-button cart-line__remove"
        aria-label={t('checkout.cart.remove', { name })}
        onClick={() => dispatch(cartItemRemoved(item.course))}
      >
        <TrashIcon />
      </button>
    </li>
  );
}
