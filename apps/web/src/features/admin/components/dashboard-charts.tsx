import type { Stats } from '@shop/shared';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { useTranslation } from 'react-i18next';

/*
 * The dashboard's charts, drawn with recharts. This module is loaded on its own (React.lazy)
 * after the figures arrive: the chart library never weighs on the other admin screens. The
 * charts are pictures of the tables that follow each of them, so they are hidden from screen
 * readers (the tables say the same).
 */

/** The brand, accent and border colours of styles/tokens.css (SVG attributes take no CSS variables). */
const COLORS = { primary: '#0f4c5c', accent: '#e0a526', muted: '#b8c4ca' };
const AXIS = { fontSize: 12 };

function ChartFrame({
  title,
  height,
  children,
}: {
  title: string;
  height: number;
  children: React.ReactElement;
}) {
  return (
    <div className="dashboard-chart" aria-hidden="true" data-chart={title}>
      <ResponsiveContainer width="100%" height={height}>
        {children}
      </ResponsiveContainer>
    </div>
  );
}

export function RevenueChart({ revenue }: { revenue: Stats['revenue'] }) {
  const { t } = useTranslation();
  return (
    <ChartFrame title={t('admin.dashboard.revenue')} height={240}>
      <BarChart
        accessibilityLayer={false}
        data={revenue}
        margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="period" tick={AXIS} minTickGap={16} />
        <YAxis tick={AXIS} width={56} />
        <Tooltip />
        <Bar
          dataKey="revenue"
          name={t('admin.dashboard.amountColumn')}
          fill={COLORS.primary}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFrame>
  );
}

export function StatusChart({ byStatus }: { byStatus: Stats['ordersByStatus'] }) {
  const { t } = useTranslation();
  const data = byStatus.map((s) => ({
    label: t(`common.orderStatus.${s.status}`),
    orders: s.orders,
  }));
  return (
    <ChartFrame title={t('admin.dashboard.byStatus')} height={220}>
      <BarChart
        accessibilityLayer={false}
        data={data}
        margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="label" tick={AXIS} interval={0} />
        <YAxis tick={AXIS} width={40} allowDecimals={false} />
        <Tooltip />
        <Bar
          dataKey="orders"
          name={t('admin.dashboard.ordersColumn')}
          fill={COLORS.accent}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFrame>
  );
}

export function SeatsChart({ seats }: { seats: Stats['seats'] }) {
  const { t } = useTranslation();
  const data = seats.map((s) => ({ name: s.name, sold: s.sold, left: s.left ?? 0 }));
  return (
    <ChartFrame title={t('admin.dashboard.seats')} height={Math.max(160, data.length * 36 + 60)}>
      <BarChart
        accessibilityLayer={false}
        data={data}
        layout="vertical"
        margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tick={AXIS} allowDecimals={false} />
        <YAxis type="category" dataKey="name" tick={AXIS} width={110} />
        <Tooltip />
        <Legend
          formatter={(value: string) => <span className="dashboard-chart__legend">{value}</span>}
        />
        <Bar
          dataKey="sold"
          stackId="seats"
          name={t('admin.dashboard.soldColumn')}
          fill={COLORS.primary}
          isAnimationActive={false}
        />
        <Bar
          dataKey="left"
          stackId="seats"
          name={t('admin.dashboard.leftColumn')}
          fill={COLORS.muted}
          isAnimationActive={false}
        />
      </BarChart>
    </ChartFrame>
  );
}
