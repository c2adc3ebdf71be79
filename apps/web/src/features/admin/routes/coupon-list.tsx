import type { Coupon } from '@shop/shared';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDeleteCouponMutation, useGetCouponsQuery } from '@/lib/api/coupons';
import { errorMessage } from '@/lib/api/errors';
import { formatDate, formatMoney } from '@/lib/format';
import { AdminTable } from '../components/admin-table';
import { ActionError } from '../components/list-error';
import '../components/admin-list.css';

/** /admin/coupons (issue 37): every promo code with its limits and uses; edit, delete (a used one is disabled). */
export function CouponListRoute() {
  const { t } = useTranslation();
  const { data: coupons, error, isLoading } = useGetCouponsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [remove, removed] = useDeleteCouponMutation();

  const onDelete = (coupon: Coupon) => {
    if (!window.confirm(t('coupons.confirmDelete', { code: coupon.code }))) return;
    void remove(coupon._id);
  };
  const valueOf = (c: Coupon) =>
    c.kind === 'percent'
      ? t('coupons.valueOf.percent', { value: c.value })
      : t('coupons.valueOf.fixed', { value: formatMoney(c.value, 'checkout') });
  const datesOf = (c: Coupon) =>
    c.startsAt || c.endsAt ? `${formatDate(c.startsAt) || '…'} – ${formatDate(c.endsAt) || '…'}` : t('coupons.always');

  return (
    <section className="container page" aria-labelledby="admin-coupons-title">
      <header className="admin-screen__header">
        <h1 id="admin-coupons-title" className="page__title">
          {t('coupons.title')}
        </h1>
        <Link className="button button--accent" to={paths.adminCouponNew}>
          {t('coupons.newCoupon')}
        </Link>
      </header>
      <ActionError error={removed.error} />
      {removed.data && (
        <p className="message message--success" role="status">
          {t(`messages.${removed.data.message === 'Coupon removed' ? 'couponDeleted' : 'couponDisabled'}`)}
        </p>
      )}
      {isLoading ? (
        <Spinner />
      ) : error ? (
        <p className="message message--error" role="alert">
          {errorMessage(error)}
        </p>
      ) : !coupons || coupons.length === 0 ? (
        <p>{t('coupons.empty')}</p>
      ) : (
        <AdminTable
          caption={t('coupons.title')}
          head={
            <>
              <th scope="col">{t('coupons.code')}</th>
              <th scope="col">{t('coupons.value')}</th>
              <th scope="col">{t('coupons.dates')}</th>
              <th scope="col">{t('coupons.uses')}</th>
              <th scope="col">{t('coupons.status')}</th>
              <th scope="col">{t('admin.orders.actions')}</th>
            </>
          }
        >
          {coupons.map((c) => (
            <tr key={c._id}>
              <td>
                <code dir="ltr">{c.code}</code>
              </td>
              <td>{valueOf(c)}</td>
              <td>{datesOf(c)}</td>
              <td>{t('coupons.usesOf', { uses: c.uses, max: c.maxUses ?? t('coupons.noLimit') })}</td>
              <td>{c.disabled ? t('coupons.inactive') : t('coupons.active')}</td>
              <td className="admin-table__actions">
                <Link className="button button--small" to={paths.adminCouponEdit(c._id)}>
                  {t('coupons.edit')}
                </Link>{' '}
                <button type="button" className="button button--small button--danger" onClick={() => onDelete(c)}>
                  {t('coupons.delete')}
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
    </section>
  );
}
