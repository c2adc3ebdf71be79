import type { Order } from '@shop/shared';
import { useLocalName } from '@/lib/i18n/course-text';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { IsolatedParts } from '@/components/ui/isolated-parts';
import { formatDate, formatMoney } from '@/lib/format';
import { formatSessionDates, placeOf } from '@/lib/sessions';
import { useTranslation } from 'react-i18next';

import { AdminTable } from './admin-table';
import './admin-list.css';

interface Props {
  orders: Order[];
  onMarkPaid: (order: Order) => void;
  payingId?: string | undefined;
  onCancel: (order: Order) => void;
  cancellingId?: string | undefined;
}

/** A date when it happened, else a red NO. */
function DoneOn({ at }: { at: string | null }) {
  const { t } = useTranslation();
  return at ? (
    <span className="admin-status admin-status--yes">{formatDate(at)}</span>
  ) : (
    <span className="admin-status admin-status--no">{t('admin.no')}</span>
  );
}

/**
 * Under the payment method (no column more: the table keeps its width): the invoice's number
 * and, for an invoice to an identified buyer (an e-invoice is due), the reference El Fatoora gave
 * or a word that it still waits to be recorded (issue 52).
 */
function InvoiceCell({ order }: { order: Order }) {
  const { t } = useTranslation();
  if (!order.invoiceNumber) return null;
  return (
    <>
      <span className="admin-table__session admin-table__invoice">
        {/* The number reads left to right and stays whole on an Arabic card ("2026-" and "00001" were split and swapped). */}
        {t('admin.orders.invoiceLabel')} <bdi dir="ltr" className="admin-table__nowrap">{order.invoiceNumber}</bdi>
      </span>
      {order.invoiceTo && (
        <span className="admin-table__session admin-table__invoice">
          {order.invoiceTtn
            ? t('admin.orders.ttnRecorded', { reference: order.invoiceTtn.reference })
            : t('admin.orders.ttnMissing')}
        </span>
      )}
    </>
  );
}

/**
 * Orders: ID, User, Courses (each line's course and session), Date, TOTAL, PAID, Learned, Actions (Details; Mark as Paid if
 * unpaid), plus the order's status, its payment method and a Cancel button while it can be cancelled.
 */
export function OrdersTable({ orders, onMarkPaid, payingId, onCancel, cancellingId }: Props) {
  const { t } = useTranslation();
  const nameOf = useLocalName();
  return (
    <AdminTable
      caption={t('admin.orders.caption')}
      head={
        <>
          <th scope="col">{t('admin.orders.id')}</th>
          <th scope="col">{t('admin.orders.user')}</th>
          <th scope="col">{t('admin.orders.courses')}</th>
          <th scope="col">{t('admin.orders.date')}</th>
          <th scope="col">{t('admin.orders.total')}</th>
          <th scope="col">{t('admin.orders.paid')}</th>
          <th scope="col">{t('admin.orders.learned')}</th>
          <th scope="col">{t('admin.orders.status')}</th>
          <th scope="col">{t('admin.orders.payment')}</th>
          <th scope="col">{t('admin.orders.actions')}</th>
        </>
      }
    >
      {orders.map((order) => (
        <tr key={order._id}>
          <td data-label={t('admin.orders.id')} className="admin-table__id" title={order._id}>
            {order._id}
          </td>
          <td data-label={t('admin.orders.user')}>
            {order.user._id ? order.user.name : t('admin.orders.deletedUser')}
          </td>
          <td data-label={t('admin.orders.courses')}>
            {/* Issue 54: which course and session, without opening the order. */}
            <ul className="admin-table__lines">
              {order.orderItems.map((line) => (
                <li key={`${line.course}-${line.session?._id ?? ''}`}>
                  <bdi>{nameOf(line)}</bdi>
                  {line.qty > 1 && ` ×${line.qty}`}
                  {line.session && (
                    <span className="admin-table__session">
                      <IsolatedParts parts={[formatSessionDates(line.session), placeOf(line.session)]} />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </td>
          <td data-label={t('admin.orders.date')} className="admin-table__nowrap">
            {formatDate(order.createdAt)}
          </td>
          <td data-label={t('admin.orders.total')} className="admin-table__nowrap">
            {formatMoney(order.totalPrice, 'checkout')}
          </td>
          <td data-label={t('admin.orders.paid')}>
            <DoneOn at={order.isPaid ? order.paidAt : null} />
          </td>
          <td data-label={t('admin.orders.learned')}>
            <DoneOn at={order.isLearned ? order.learnedAt : null} />
          </td>
          <td data-label={t('admin.orders.status')}>{t(`common.orderStatus.${order.status}`)}</td>
          <td data-label={t('admin.orders.payment')} className="admin-table__nowrap">
            {t(`checkout.paymentLabels.${order.paymentMethod}`)}
            <InvoiceCell order={order} />
          </td>
          <td data-label={t('admin.orders.actions')}>
            <div className="admin-actions">
              <Link
                className="button button--ghost button--small"
                to={paths.order(order._id)}
                aria-label={t('admin.orders.detailsLabel', { id: order._id })}
              >
                {t('admin.orders.details')}
              </Link>
              {(order.status === 'pending' || order.status === 'expired') && (
                <button
                  type="button"
                  className="button button--accent button--small"
                  onClick={() => onMarkPaid(order)}
                  disabled={payingId === order._id}
                  aria-label={t('admin.orders.markPaidLabel', { id: order._id })}
                >
                  {t('admin.orders.markPaid')}
                </button>
              )}
              {(order.status === 'pending' || order.status === 'paid') && (
                <button
                  type="button"
                  className="button button--danger button--small"
                  onClick={() => onCancel(order)}
                  disabled={cancellingId === order._id}
                  aria-label={t('common.cancelOrderLabel', { id: order._id })}
                >
                  {t('admin.orders.cancel')}
                </button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
