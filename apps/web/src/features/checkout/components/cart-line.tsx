import { CourseImage } from '@/components/ui/course-image';
import { calculateOrderAmounts } from '@shop/shared';
import { Link } from 'react-router';
import { useAppDispatch } from '@/app/store';
import { TrashIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '@/lib/i18n';
import { localName } from '@/lib/i18n/course-text';

import { cartItemAdded, cartItemRemoved, type CartItem } from '@/stores/cart-slice';
import { maxSeats } from '@/lib/seats';

/** One cart line: image, name, price in Tnd, quantity 1..availability, line total, remove. */
export function CartLine({ item }: { item: CartItem }) {
  const { t } = useTranslation();
  const name = localName(item, currentLanguage());
  const dispatch = useAppDispatch();
  // A line saved before the seats ran low still shows its quantity; the order will say 409.
  const options = Math.max(maxSeats(item.availability), item.qty);
  const lineTotal = calculateOrderAmounts([item]).itemsPrice;
  const selectId = `qty-${item.course}`;

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
          {Array.from({ length: options }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
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
