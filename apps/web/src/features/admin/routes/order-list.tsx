import { ORDER_SORTS, ORDER_STATUSES, PAYMENT_METHODS, type Order } from '@shop/shared';
import { useCancelOrderMutation, useGetOrdersQuery, usePayOrderMutation } from '@/lib/api/orders';
import { text } from '@/lib/i18n';
import { ExportOrdersButton } from '../components/export-orders-button';
import { ActionError } from '../components/list-error';
import { ListFilters, type FilterField } from '../components/list-filters';
import { OrdersTable } from '../components/orders-table';
import { PagedList } from '../components/paged-list';
import { yesNoOptions } from '../components/filter-options';
import { ADMIN_PAGE_SIZE, usePage } from '../hooks/use-page';
import { useUrlFilters } from '../hooks/use-url-filters';
import '../components/admin-list.css';

const FILTER_KEYS = ['q', 'status', 'paymentMethod', 'paid', 'learned', 'from', 'to', 'sort'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

const t = text.admin.orders;
const FIELDS: FilterField<FilterKey>[] = [
  { name: 'q', label: t.search, kind: 'search' },
  { name: 'status', label: t.statusFilter, kind: 'select', options: ORDER_STATUSES.map((s) => ({ value: s, label: text.common.orderStatus[s] })) },
  { name: 'paymentMethod', label: t.paymentFilter, kind: 'select', options: PAYMENT_METHODS.map((m) => ({ value: m, label: text.checkout.paymentLabels[m] })) },
  { name: 'paid', label: t.paidFilter, kind: 'select', options: yesNoOptions },
  { name: 'learned', label: t.learnedFilter, kind: 'select', options: yesNoOptions },
  { name: 'from', label: text.admin.filters.from, kind: 'date' },
  { name: 'to', label: text.admin.filters.to, kind: 'date' },
  { name: 'sort', label: text.admin.filters.sort, kind: 'select', options: ORDER_SORTS.filter((s) => s !== 'date_desc').map((s) => ({ value: s, label: t.sorts[s] })), emptyLabel: t.sorts.date_desc },
];

/** /admin/orderlist: filters in the URL (?paid=false&…), paged on the server, exported as CSV. */
export function OrderListRoute() {
  const page = usePage();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const { data, error, isLoading, isFetching } = useGetOrdersQuery({
    ...filters,
    page,
    limit: ADMIN_PAGE_SIZE,
  });
  const [payOrder, payment] = usePayOrderMutation();

  const [cancelOrder, cancellation] = useCancelOrderMutation();

  const onMarkPaid = (order: Order) => void payOrder(order._id);
  // A paid order cancelled by an admin is recorded as refunded: the question says so.
  const onCancel = (order: Order) => {
    if (!window.confirm(order.status === 'paid' ? text.common.confirmRefund : text.common.confirmCancel)) return;
    void cancelOrder(order._id);
  };

  return (
    <section className="container page" aria-labelledby="admin-orders-title">
      <header className="admin-screen__header">
        <h1 id="admin-orders-title" className="page__title">
          {t.title}
        </h1>
        <ExportOrdersButton filters={filters} />
      </header>
      <ListFilters label={t.filtersLabel} fields={FIELDS} values={filters} onApply={setFilters} />
      <ActionError error={payment.error ?? cancellation.error} />
      <PagedList
        label={t.title}
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
