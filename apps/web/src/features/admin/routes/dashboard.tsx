import { lazy, Suspense, useId, type ReactNode } from 'react';
import { STATS_INTERVALS, formatAmount, type StatsInterval } from '@shop/shared';
import { Spinner } from '@/components/ui/spinner';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { useGetRefundsDueQuery, useGetStatsQuery } from '../api/admin';
import {
  HoldsTable,
  RefundsTable,
  RevenueTable,
  SeatsTable,
  StatusTable,
  TopCoursesTable,
} from '../components/dashboard-tables';
import { ListError } from '../components/list-error';
import { UpcomingSessionsTable } from '../components/upcoming-sessions-table';
import { ListFilters, type FilterField } from '../components/list-filters';
import { useUrlFilters } from '../hooks/use-url-filters';
import '../components/admin-list.css';
import '../components/dashboard.css';

// The chart library loads only here, after the screen itself.
const RevenueChart = lazy(() =>
  import('../components/dashboard-charts').then((m) => ({ default: m.RevenueChart })),
);
const StatusChart = lazy(() =>
  import('../components/dashboard-charts').then((m) => ({ default: m.StatusChart })),
);
const SeatsChart = lazy(() =>
  import('../components/dashboard-charts').then((m) => ({ default: m.SeatsChart })),
);
const PERIOD_KEYS = ['from', 'to', 'interval'] as const;
/** Built at render time: the labels follow the chosen language. */
const filterFields = (): FilterField<(typeof PERIOD_KEYS)[number]>[] => [
  { name: 'from', label: i18n.t('admin.filters.from'), kind: 'date' },
  { name: 'to', label: i18n.t('admin.filters.to'), kind: 'date' },
  {
    name: 'interval',
    label: i18n.t('admin.dashboard.interval'),
    kind: 'select',
    options: STATS_INTERVALS.filter((i) => i !== 'day').map((i) => ({
      value: i,
      label: i18n.t(`admin.dashboard.intervals.${i}`),
    })),
    emptyLabel: i18n.t('admin.dashboard.intervals.day'),
  },
];

/** A chart, drawn once the chart library has loaded. */
function Chart({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <p className="dashboard-chart dashboard-chart--loading">
          {t('admin.dashboard.chartsLoading')}
        </p>
      }
    >
      {children}
    </Suspense>
  );
}

/** One titled panel of the dashboard (a region named by its heading). */
function Panel({
  title,
  wide = false,
  children,
}: {
  title: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      className={`dashboard__panel${wide ? ' dashboard__panel--wide' : ''}`}
      aria-labelledby={id}
    >
      <h2 id={id} className="dashboard__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The refunds to make, whatever the period: at most this many rows (oldest first). */
export const REFUNDS_SHOWN = 50;

/** "Payments to refund": its own call, so a slow stats answer does not hide it. */
function RefundsPanel() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useGetRefundsDueQuery({ limit: REFUNDS_SHOWN });
  return (
    <Panel wide title={t('admin.dashboard.refunds')}>
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <ListError error={error} />
      ) : (
        <RefundsTable refunds={data.refunds} total={data.total} />
      )}
    </Panel>
  );
}

/** /admin: the figures of a period (the last 30 days unless the URL says otherwise). */
export function DashboardRoute() {
  const { t } = useTranslation();
  const [period, setPeriod] = useUrlFilters(PERIOD_KEYS);
  const { data, error, isLoading, isFetching } = useGetStatsQuery({
    from: period.from,
    to: period.to,
    interval: period.interval as StatsInterval | undefined,
  });

  return (
    <section className="container page dashboard" aria-labelledby="admin-dashboard-title">
      <header className="admin-screen__header">
        <h1 id="admin-dashboard-title" className="page__title">
          {t('admin.dashboard.title')}
        </h1>
      </header>
      <ListFilters
        label={t('admin.dashboard.period')}
        fields={filterFields()}
        // Issue 54: the period shown (the last 30 days by default) fills the From and To fields.
        values={{ ...period, from: period.from ?? data?.from, to: period.to ?? data?.to }}
        onApply={setPeriod}
      />
      <div className="dashboard__grid">
        <RefundsPanel />
      </div>
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <ListError error={error} />
      ) : (
        <div className="dashboard__grid" aria-busy={isFetching}>
          <Panel
            wide
            title={
              <>
                {t('admin.dashboard.revenue')}{' '}
                <span className="dashboard__period">
                  ({data.from} – {data.to})
                </span>
              </>
            }
          >
            <p className="dashboard__figure">
              {t('admin.dashboard.revenueTotal', {
                amount: `${formatAmount(data.revenueTotal)} TND`,
              })}
            </p>
            <Chart>
              <RevenueChart revenue={data.revenue} />
            </Chart>
            <RevenueTable revenue={data.revenue} />
          </Panel>
          <Panel title={t('admin.dashboard.byStatus')}>
            {data.ordersByStatus.every((s) => s.orders === 0) ? (
              // Issue 54: no order in the period, no empty axes.
              <p className="admin-list-empty">{t('admin.dashboard.noOrders')}</p>
            ) : (
              <Chart>
                <StatusChart byStatus={data.ordersByStatus} />
              </Chart>
            )}
            <StatusTable byStatus={data.ordersByStatus} />
          </Panel>
          <Panel title={t('admin.dashboard.seats')}>
            {data.seats.length === 0 ? (
              <p className="admin-list-empty">{t('admin.dashboard.noSales')}</p>
            ) : (
              <Chart>
                <SeatsChart seats={data.seats} />
              </Chart>
            )}
            <SeatsTable seats={data.seats} />
          </Panel>
          <Panel title={t('admin.dashboard.topCourses')}>
            <TopCoursesTable topCourses={data.topCourses} />
          </Panel>
          {/* Tables of people and sessions take the whole width (issue 54: phone cards 3 400 px tall). */}
          <Panel wide title={t('admin.dashboard.holds')}>
            <HoldsTable holds={data.holdsEnding} />
          </Panel>
          <Panel wide title={t('sessions.admin.upcoming')}>
            <UpcomingSessionsTable sessions={data.upcomingSessions} />
          </Panel>
        </div>
      )}
    </section>
  );
}
