import type { RefundDue, Stats } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatAmount } from '@shop/shared';
import { formatDateTime, formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';

import { AdminTable } from './admin-table';

/** The figures of the revenue chart, for screen readers (hidden by a wrapper: overflow does not clip a table box). */
export function RevenueTable({ revenue }: { revenue: Stats['revenue'] }) {
  const { t } = useTranslation();
  return (
    <div className="visually-hidden">
      <table>
        <caption>{t('admin.dashboard.revenueCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.dashboard.periodColumn')}</th>
            <th scope="col">{t('admin.dashboard.amountColumn')}</th>
            <th scope="col">{t('admin.dashboard.paidOrdersColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {revenue.map((bucket) => (
            <tr key={bucket.period}>
              <th scope="row">{bucket.period}</th>
              <td>{formatAmount(bucket.revenue)}</td>
              <td>{bucket.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function StatusTable({ byStatus }: { byStatus: Stats['ordersByStatus'] }) {
  const { t } = useTranslation();
  return (
    <div className="visually-hidden">
      <table>
        <caption>{t('admin.dashboard.byStatusCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.dashboard.statusColumn')}</th>
            <th scope="col">{t('admin.dashboard.ordersColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {byStatus.map((s) => (
            <tr key={s.status}>
              <th scope="row">{t(`common.orderStatus.${s.status}`)}</th>
              <td>{s.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SeatsTable({ seats }: { seats: Stats['seats'] }) {
  const { t } = useTranslation();
  return (
    <div className="visually-hidden">
      <table>
        <caption>{t('admin.dashboard.seatsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.dashboard.courseColumn')}</th>
            <th scope="col">{t('admin.dashboard.soldColumn')}</th>
            <th scope="col">{t('admin.dashboard.leftColumn')}</th>
          </tr>
        </thead>
        <tbody>
          {seats.map((s) => (
            <tr key={s.course ?? s.name}>
              <th scope="row">{s.name}</th>
              <td>{s.sold}</td>
              <td>{s.left ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Top courses: a list anyway, so a visible table. */
export function TopCoursesTable({ topCourses }: { topCourses: Stats['topCourses'] }) {
  const { t } = useTranslation();
  if (topCourses.length === 0)
    return <p className="admin-list-empty">{t('admin.dashboard.noSales')}</p>;
  return (
    <AdminTable
      caption={t('admin.dashboard.topCaption')}
      head={
        <>
          <th scope="col">{t('admin.dashboard.courseColumn')}</th>
          <th scope="col">{t('admin.dashboard.amountColumn')}</th>
          <th scope="col">{t('admin.dashboard.seatsColumn')}</th>
        </>
      }
    >
      {topCourses.map((c) => (
        <tr key={c.course ?? c.name}>
          <td data-label={t('admin.dashboard.courseColumn')}>
            {c.course ? <Link to={paths.course(c.course)}>{c.name}</Link> : c.name}
          </td>
          <td data-label={t('admin.dashboard.amountColumn')} className="admin-table__nowrap">
            {formatAmount(c.revenue)}
          </td>
          <td data-label={t('admin.dashboard.seatsColumn')}>{c.seats}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function HoldsTable({ holds }: { holds: Stats['holdsEnding'] }) {
  const { t } = useTranslation();
  if (holds.length === 0) return <p className="admin-list-empty">{t('admin.dashboard.noHolds')}</p>;
  return (
    <AdminTable
      caption={t('admin.dashboard.holdsCaption')}
      head={
        <>
          <th scope="col">{t('admin.dashboard.holdEnds')}</th>
          <th scope="col">{t('admin.dashboard.customer')}</th>
          <th scope="col">{t('admin.dashboard.total')}</th>
          <th scope="col">{t('admin.orders.actions')}</th>
        </>
      }
    >
      {holds.map((o) => (
        <tr key={o._id}>
          <td data-label={t('admin.dashboard.holdEnds')} className="admin-table__nowrap">
            {formatDateTime(o.holdExpiresAt)}
            {o.proofWaiting && (
              <>
                <br />
                <strong>{t('admin.dashboard.proofWaiting')}</strong>
              </>
            )}
          </td>
          <td data-label={t('admin.dashboard.customer')}>
            {o.user.name}
            <br />
            <span className="admin-form__hint">{o.user.email}</span>
          </td>
          <td data-label={t('admin.dashboard.total')} className="admin-table__nowrap">
            {formatMoney(o.totalPrice, 'checkout')}
          </td>
          <td data-label={t('admin.orders.actions')}>
            <Link
              className="button button--ghost button--small"
              to={paths.order(o._id)}
              aria-label={t('admin.orders.detailsLabel', { id: o._id })}
            >
              {t('admin.orders.details')}
            </Link>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

/**
 * "Payments to refund" (issue 31): money the centre owes back, oldest first, with what it needs
 * to send it (amount, how it was paid, the provider's reference) and the order to record it on.
 */
export function RefundsTable({ refunds, total }: { refunds: RefundDue[]; total: number }) {
  const { t } = useTranslation();
  if (refunds.length === 0)
    return <p className="admin-list-empty">{t('admin.dashboard.noRefunds')}</p>;
  return (
    <>
      <AdminTable
        caption={t('admin.dashboard.refundsCaption')}
        head={
          <>
            <th scope="col">{t('admin.dashboard.refundDueSince')}</th>
            <th scope="col">{t('admin.dashboard.customer')}</th>
            <th scope="col">{t('admin.dashboard.refundAmount')}</th>
            <th scope="col">{t('admin.dashboard.refundProvider')}</th>
            <th scope="col">{t('admin.dashboard.refundReference')}</th>
            <th scope="col">{t('admin.orders.actions')}</th>
          </>
        }
      >
        {refunds.map((r) => (
          // An order may owe several payments (issue 49): one row each.
          <tr key={`${r._id}-${r.provider}-${r.reference ?? r.dueAt}`}>
            <td data-label={t('admin.dashboard.refundDueSince')} className="admin-table__nowrap">
              {formatDateTime(r.dueAt)}
            </td>
            <td data-label={t('admin.dashboard.customer')}>
              {r.user.name}
              <br />
              <span className="admin-form__hint">{r.user.email}</span>
            </td>
            <td data-label={t('admin.dashboard.refundAmount')} className="admin-table__nowrap">
              {formatMoney(r.amount, 'checkout')}
              {/* Owed back while the order stands paid: a second payment of it. */}
              {(r.status === 'paid' || r.status === 'learned') && (
                <>
                  <br />
                  <span className="admin-form__hint">{t('admin.dashboard.refundReceivedTwice')}</span>
                </>
              )}
            </td>
            <td data-label={t('admin.dashboard.refundProvider')}>{r.provider}</td>
            <td data-label={t('admin.dashboard.refundReference')}>
              {r.reference ? <code dir="ltr">{r.reference}</code> : '—'}
            </td>
            <td data-label={t('admin.orders.actions')}>
              <Link
                className="button button--ghost button--small"
                to={paths.order(r._id)}
                aria-label={t('admin.orders.detailsLabel', { id: r._id })}
              >
                {t('admin.orders.details')}
              </Link>
            </td>
          </tr>
        ))}
      </AdminTable>
      {total > refunds.length && (
        <p className="admin-form__hint">
          {t('admin.dashboard.moreRefunds', { shown: refunds.length, total })}
        </p>
      )}
    </>
  );
}
