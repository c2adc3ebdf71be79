import { ORDER_SORTS, ORDER_STATUSES, PAYMENT_METHODS, PAYMENT_PROOF_STATUSES, type Order } from '@shop/shared';
import { askCancel } from '@/lib/ask-cancel';
import { useCancelOrderMutation, useGetOrdersQuery, usePayOrderMutation } from '@/lib/api/orders';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { ExportOrdersButton } from '../components/export-orders-button';
import { ExportInvoices } from '../components/export-invoices';
import { ActionError } from '../components/list-error';
import { ListFilters, type FilterField } from '../components/list-filters';
import { OrdersTable } from '../components/orders-table';
import { PagedList } from '../components/paged-list';
import { yesNoOptions } from '../components/filter-options';
import { ADMIN_PAGE_SIZE, usePage } from '../hooks/use-page';
import { useUrlFilters } from '../hooks/use-url-filters';
import '../components/admin-list.css';

const FILTER_KEYS = [
  'q',
  'status',
  'paymentMethod',
  'paid',
  'learned',
  'proof',
  'from',
  'to',
  'sort',
] as const;
type FilterKey = (typeof FILTER_KEYS)[number];
/** Built at render time: the labels follow the chosen language. */
const filterFields = (): FilterField<FilterKey>[] => [
  { name: 'q', label: i18n.t('admin.orders.search'), kind: 'search' },
  {
    name: 'status',
    label: i18n.t('admin.orders.statusFilter'),
    kind: 'select',
    options: ORDER_STATUSES.map((s) => ({ value: s, label: i18n.t(`common.orderStatus.${s}`) })),
  },
  {
    name: 'paymentMethod',
    label: i18n.t('admin.orders.paymentFilter'),
    kind: 'select',
    options: PAYMENT_METHODS.map((m) => ({
      value: m,
      label: i18n.t(`checkout.paymentLabels.${m}`),
    })),
  },
  {
    name: 'paid',
    label: i18n.t('admin.orders.paidFilter'),
    kind: 'select',
    options: yesNoOptions(),
  },
  {
    name: 'learned',
    label: i18n.t('admin.orders.learnedFilter'),
    kind: 'select',
    options: yesNoOptions(),
  },
  {
    // Transfer orders whose proof of payment waits for a check (issue 36).
    name: 'proof',
    label: i18n.t('admin.orders.proofFilter'),
    kind: 'select',
    options: PAYMENT_PROOF_STATUSES.map((s) => ({ value: s, label: i18n.t(`admin.orders.proofStatuses.${s}`) })),
  },
  { name: 'from', label: i18n.t('admin.filters.from'), kind: 'date' },
  { name: 'to', label: i18n.t('admin.filters.to'), kind: 'date' },
  {
    name: 'sort',
    label: i18n.t('admin.filters.sort'),
    kind: 'select',
    options: ORDER_SORTS.filter((s) => s !== 'date_desc').map((s) => ({
      value: s,
      label: i18n.t(`admin.orders.sorts.${s}`),
    })),
    emptyLabel: i18n.t('admin.orders.sorts.date_desc'),
  },
];

/** /admin/orderlist: filters in the URL (?paid=false&…), paged on the server, exported as CSV. */
export function OrderListRoute() {
  const { t } = useTranslation();
  const page = usePage();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const { data, error, isLoading, isFetching } = useGetOrdersQuery({
    ...filters,
    page,
    limit: ADMIN_PAGE_SIZE,
  });
  const [payOrder, payment] = usePayOrderMutation();

  const [cancelOrder, cancellation] = useCancelOrderMutation();

  // Issue 54: paying an order sends the invoice and a mail; it is asked for, not clicked by mistake.
  const onMarkPaid = (order: Order) => {
    if (window.confirm(t('common.confirmMarkPaid', { id: order._id, amount: formatMoney(order.totalPrice, 'dinars') })))
      void payOrder(order._id);
  };
  // A paid order cancelled by an admin owes its payment back (refund due): the question says so.
  const cancelledId = (arg: string | { id: string } | undefined) => (typeof arg === 'string' ? arg : arg?.id);
  // Issue 54: with the reason, optional, that the order and the customer's mail show.
  const onCancel = (order: Order) => {
    const asked = askCancel(order, true, t);
    if (asked) void cancelOrder(asked);
  };

  return (
    <section className="container page" aria-labelledby="admin-orders-title">
      <header className="admin-screen__header">
        <h1 id="admin-orders-title" className="page__title">
          {t('admin.orders.title')}
        </h1>
        <ExportOrdersButton filters={filters} />
      </header>
      <ListFilters
        label={t('admin.orders.filtersLabel')}
        fields={filterFields()}
        values={filters}
        onApply={setFilters}
      />
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
            cancellingId={cancellation.isLoading ? cancelledId(cancellation.originalArgs) : undefined}
          />
        )}
      </PagedList>
      <ExportInvoices />
    </section>
  );
}
