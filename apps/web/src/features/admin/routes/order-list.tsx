import type { Order } from '@shop/shared';
import { useCancelOrderMutation, useGetOrdersQuery, usePayOrderMutation } from '@/lib/api/orders';
import { useTranslation } from 'react-i18next';

import { ActionError } from '../components/list-error';
import { OrdersTable } from '../components/orders-table';
import { PagedList } from '../components/paged-list';
import { ADMIN_PAGE_SIZE, usePage } from '../hooks/use-page';
import '../components/admin-list.css';

/** /admin/orderlist */
export function OrderListRoute() {
  const { t } = useTranslation();
  const page = usePage();
  const { data, error, isLoading, isFetching } = useGetOrdersQuery({
    page,
    limit: ADMIN_PAGE_SIZE,
  });
  const [payOrder, payment] = usePayOrderMutation();

  const [cancelOrder, cancellation] = useCancelOrderMutation();

  const onMarkPaid = (order: Order) => void payOrder(order._id);
  // A paid order cancelled by an admin is recorded as refunded: the question says so.
  const onCancel = (order: Order) => {
    if (!window.confirm(order.status === 'paid' ? t('common.confirmRefund') : t('common.confirmCancel'))) return;
    void cancelOrder(order._id);
  };

  return (
    <section className="container page" aria-labelledby="admin-orders-title">
      <header className="admin-screen__header">
        <h1 id="admin-orders-title" className="page__title">
          {t('admin.orders.title')}
        </h1>
      </header>
      <ActionError error={payment.error ?? cancellation.error} />
      <PagedList
        label={t('admin.orders.title')}
        page={page}
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        rows={data?.orders.length}
        total={data?.total}
      >
        {data && (
          <OrdersTable
            orders={data.orders}
            onMarkPaid={onMarkPaid}
            payingId={payment.isLoading ? payment.originalArgs : undefined}
            onCancel={onCancel}
            cancellingId={cancellation.isLoading ? cancellation.originalArgs : undefined}
          />
        )}
      </PagedList>
    </section>
  );
}
