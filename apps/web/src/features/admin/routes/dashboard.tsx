import { lazy, Suspense } from 'react';
import { STATS_INTERVALS, formatAmount, type StatsInterval } from '@shop/shared';
import { Spinner } from '@/components/ui/spinner';
import { text } from '@/lib/i18n';
import { useGetStatsQuery } from '../api/admin';
import {
  HoldsTable,
  RevenueTable,
  SeatsTable,
  StatusTable,
  TopCoursesTable,
} from '../components/dashboard-tables';
import { ListError } from '../components/list-error';
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

const t = text.admin.dashboard;
const PERIOD_KEYS = ['from', 'to', 'interval'] as const;
const FIELDS: FilterField<(typeof PERIOD_KEYS)[number]>[] = [
  { name: 'from', label: text.admin.filters.from, kind: 'date' },
  { name: 'to', label: text.admin.filters.to, kind: 'date' },
  {
    name: 'interval',
    label: t.interval,
    kind: 'select',
    options: STATS_INTERVALS.filter((i) => i !== 'day').map((i) => ({
      value: i,
      label: t.intervals[i],
    })),
    emptyLabel: t.intervals.day,
  },
];

function ChartFallback() {
  return <p className="dashboard-chart dashboard-chart--loading">{t.chartsLoading}</p>;
}

/** /admin: the figures of a period (the last 30 days unless the URL says otherwise). */
export function DashboardRoute() {
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
          {t.title}
        </h1>
      </header>
      <ListFilters label={t.period} fields={FIELDS} values={period} onApply={setPeriod} />
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <ListError error={error} />
      ) : (
        <div className="dashboard__grid" aria-busy={isFetching}>
          <section
            className="dashboard__panel dashboard__panel--wide"
            aria-labelledby="dashboard-revenue"
          >
            <h2 id="dashboard-revenue" className="dashboard__title">
              {t.revenue}{' '}
              <span className="dashboard__period">
                ({data.from} – {data.to})
              </span>
            </h2>
            <p className="dashboard__figure">
              {t.revenueTotal(`${formatAmount(data.revenueTotal)} TND`)}
            </p>
            <Suspense fallback={<ChartFallback />}>
              <RevenueChart revenue={data.revenue} />
            </Suspense>
            <RevenueTable revenue={data.revenue} />
          </section>
          <section className="dashboard__panel" aria-labelledby="dashboard-status">
            <h2 id="dashboard-status" className="dashboard__title">
              {t.byStatus}
            </h2>
            <Suspense fallback={<ChartFallback />}>
              <StatusChart byStatus={data.ordersByStatus} />
            </Suspense>
            <StatusTable byStatus={data.ordersByStatus} />
          </section>
          <section className="dashboard__panel" aria-labelledby="dashboard-seats">
            <h2 id="dashboard-seats" className="dashboard__title">
              {t.seats}
            </h2>
            {data.seats.length === 0 ? (
              <p className="admin-list-empty">{t.noSales}</p>
            ) : (
              <Suspense fallback={<ChartFallback />}>
                <SeatsChart seats={data.seats} />
              </Suspense>
            )}
            <SeatsTable seats={data.seats} />
          </section>
          <section className="dashboard__panel" aria-labelledby="dashboard-top">
            <h2 id="dashboard-top" className="dashboard__title">
              {t.topCourses}
            </h2>
            <TopCoursesTable topCourses={data.topCourses} />
          </section>
          <section className="dashboard__panel" aria-labelledby="dashboard-holds">
            <h2 id="dashboard-holds" className="dashboard__title">
              {t.holds}
            </h2>
            <HoldsTable holds={data.holdsEnding} />
          </section>
        </div>
      )}
    </section>
  );
}
