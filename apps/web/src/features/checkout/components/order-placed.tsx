import type { Order } from '@shop/shared';
import { useLocation } from 'react-router';
import { formatMoney } from '@/lib/format';
import { placeOf } from '@/lib/sessions';
import { shopHoursIn, useGetShopInfoQuery } from '@/lib/api/shop';
import { useTranslation } from 'react-i18next';

/**
 * The greeting on the order page right after the customer placed it (the place-order screen
 * navigates with state `placed`): thanks, and for "In Place" where and when to pay, from the
 * shop's settings (SHOP_ADDRESS, SHOP_HOURS). A later visit of the page shows no greeting.
 */
export function OrderPlaced({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const placed = (useLocation().state as { placed?: boolean } | null)?.placed === true;
  const payOnSite = placed && order.paymentMethod === 'In Place' && order.status === 'pending';
  const shop = useGetShopInfoQuery(undefined, { skip: !payOnSite });
  if (!placed) return null;
  const address = shop.data?.address || t('common.footer.address');
  const hours = shopHoursIn(shop.data, i18n.language) || t('catalogue.contact.hours');
  // Issue 54: the centre is where to pay; a dated course may take place elsewhere (Sousse).
  const coursePlaces = [...new Set(order.orderItems.flatMap((line) => (line.session?.place ? [placeOf(line.session)] : [])))];
  return (
    <section
      className="order-placed message message--success"
      role="status"
      aria-labelledby="order-placed-title"
    >
      <h2 id="order-placed-title" className="order-placed__title">
        {t('checkout.placed.thanks')}
      </h2>
      {payOnSite ? (
        <>
          <p>
            {t('checkout.placed.payOnSite', { total: formatMoney(order.totalPrice, 'checkout') })}
          </p>
          <dl className="order-placed__where">
            <div>
              <dt>{t('checkout.placed.address')}</dt>
              <dd>{address}</dd>
            </div>
            <div>
              <dt>{t('checkout.placed.hours')}</dt>
              <dd>{hours}</dd>
            </div>
            {coursePlaces.length > 0 && (
              <div>
                <dt>{t('checkout.placed.coursePlace', { count: coursePlaces.length })}</dt>
                <dd>
                  <bdi>{coursePlaces.join(' · ')}</bdi>
                </dd>
              </div>
            )}
          </dl>
        </>
      ) : (
        <>
          {order.paymentMethod === 'Card' && <p>{t('checkout.placed.cardNext')}</p>}
          {order.paymentMethod === 'Transfer' && <p>{t('checkout.placed.transferNext')}</p>}
        </>
      )}
    </section>
  );
}
