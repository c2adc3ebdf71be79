import type { Stats } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatAmount } from '@shop/shared';
import { formatDateTime, formatMoney } from '@/lib/format';
import { text } from '@/lib/i18n';
import { AdminTable } from './admin-table';

const t = text.admin.dashboard;

/** The figures of the revenue chart, for screen readers (hidden by a wrapper: overflow does not clip a table box). */
export function RevenueTable({ revenue }: { revenue: Stats['revenue'] }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{t.revenueCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.periodColumn}</th>
            <th scope="col">{t.amountColumn}</th>
            <th scope="col">{t.paidOrdersColumn}</th>
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
  return (
    <div className="visually-hidden">
      <table>
        <caption>{t.byStatusCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.statusColumn}</th>
            <th scope="col">{t.ordersColumn}</th>
          </tr>
        </thead>
        <tbody>
          {byStatus.map((s) => (
            <tr key={s.status}>
              <th scope="row">{text.common.orderStatus[s.status]}</th>
              <td>{s.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SeatsTable({ seats }: { seats: Stats['seats'] }) {
  return (
    <div className="visually-hidden">
      <table>
        <caption>{t.seatsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.courseColumn}</th>
            <th scope="col">{t.soldColumn}</th>
            <th scope="col">{t.leftColumn}</th>
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
  if (topCourses.length === 0) return <p className="admin-list-empty">{t.noSales}</p>;
  return (
    <AdminTable
      caption={t.topCaption}
      head={
        <>
          <th scope="col">{t.courseColumn}</th>
          <th scope="col">{t.amountColumn}</th>
          <th scope="col">{t.seatsColumn}</th>
        </>
      }
    >
      {topCourses.map((c) => (
        <tr key={c.course ?? c.name}>
          <td data-label={t.courseColumn}>
            {c.course ? <Link to={paths.course(c.course)}>{c.name}</Link> : c.name}
          </td>
          <td data-label={t.amountColumn} className="admin-table__nowrap">
            {formatAmount(c.revenue)}
          </td>
          <td data-label={t.seatsColumn}>{c.seats}</td>
        </tr>
      ))}
    </AdminTable>
  );
}

export function HoldsTable({ holds }: { holds: Stats['holdsEnding'] }) {
  if (holds.length === 0) return <p className="admin-list-empty">{t.noHolds}</p>;
  return (
    <AdminTable
      caption={t.holdsCaption}
      head={
        <>
          <th scope="col">{t.holdEnds}</th>
          <th scope="col">{t.customer}</th>
          <th scope="col">{t.total}</th>
          <th scope="col">{text.admin.orders.actions}</th>
        </>
      }
    >
      {holds.map((o) => (
        <tr key={o._id}>
          <td data-label={t.holdEnds} className="admin-table__nowrap">
            {formatDateTime(o.holdExpiresAt)}
          </td>
          <td data-label={t.customer}>
            {o.user.name}
            <br />
            <span className="admin-form__hint">{o.user.email}</span>
          </td>
          <td data-label={t.total} className="admin-table__nowrap">
            {formatMoney(o.totalPrice, 'checkout')}
          </td>
          <td data-label={text.admin.orders.actions}>
            <Link
              className="button button--ghost button--small"
              to={paths.order(o._id)}
              aria-label={text.admin.orders.detailsLabel(o._id)}
            >
              {text.admin.orders.details}
            </Link>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
