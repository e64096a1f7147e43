import type { AnalyticsStore } from '../../platform/ports/analytics';
import type { DashboardRange } from '../analytics/dashboard/range';

const IN_RANGE = `
  FROM shop_order_events FINAL
 WHERE school_id = {school:String}
   AND occurred_at >= {from:DateTime64(3, 'UTC')} AND occurred_at < {to:DateTime64(3, 'UTC')}`;

type Money = {
  day: string;
  currency: string;
  paid: string;
  refunded: string;
  orders: string;
  refunds: string;
};
type Funnel = { opened: string; started: string; paid: string; refunded: string };

/**
 * The shop's figures for a school's dashboard (GET /api/shop/analytics.json): revenue per day and
 * currency (paid less refunded, minor units; never summed across currencies) and the funnel from a
 * basket opened to an order paid, over the period. Read from ClickHouse (`shop_order_events`).
 */
export async function salesFigures(analytics: AnalyticsStore, schoolId: string, range: DashboardRange) {
  const params = { school: schoolId, from: range.from, to: range.to };
  const days = await analytics.query<Money>(
    `SELECT toString(toDate(occurred_at)) AS day, currency,
            sumIf(amount, kind = 'paid') AS paid, sumIf(amount, kind = 'refunded') AS refunded,
            countIf(kind = 'paid') AS orders, countIf(kind = 'refunded') AS refunds
     ${IN_RANGE} AND kind IN ('paid', 'refunded')
      GROUP BY day, currency ORDER BY day, currency`,
    params,
  );
  const [funnel] = await analytics.query<Funnel>(
    `SELECT uniqExactIf(order_id, kind = 'opened') AS opened,
            uniqExactIf(order_id, kind = 'payment_started') AS started,
            uniqExactIf(order_id, kind = 'paid') AS paid,
            uniqExactIf(order_id, kind = 'refunded') AS refunded
     ${IN_RANGE}`,
    params,
  );
  const revenue_by_day = days.map((d) => ({
    day: d.day,
    currency: d.currency,
    paid: Number(d.paid),
    refunded: Number(d.refunded),
    revenue: Number(d.paid) - Number(d.refunded),
    orders: Number(d.orders),
    refunds: Number(d.refunds),
  }));
  const totals = new Map<string, { currency: string; paid: number; refunded: number; revenue: number }>();
  for (const d of revenue_by_day) {
    const t = totals.get(d.currency) ?? { currency: d.currency, paid: 0, refunded: 0, revenue: 0 };
    t.paid += d.paid;
    t.refunded += d.refunded;
    t.revenue += d.revenue;
    totals.set(d.currency, t);
  }
  const opened = Number(funnel?.opened ?? 0);
  const paid = Number(funnel?.paid ?? 0);
  return {
    revenue_by_day,
    revenue: [...totals.values()],
    conversion: {
      baskets: opened,
      payments_started: Number(funnel?.started ?? 0),
      paid,
      refunded: Number(funnel?.refunded ?? 0),
      /** Paid orders per basket opened in the period, 0..1 (4 decimals); 0 without baskets. */
      rate: opened === 0 ? 0 : Math.round((paid / opened) * 10_000) / 10_000,
    },
  };
}
