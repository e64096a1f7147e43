import { Alert, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { salesQuery, type SalesDay, type SalesFigures, type SalesPeriod } from '../api/sales';
import { currenciesOf, formatMoney, funnelOf, majorOf, noSales, revenueByDay } from '../model/sales';
import { FORMAT_TAGS, useFormat, useLocale } from '../../../shared/i18n';
import { seriesColor } from './palette';
import { useDayFormat } from './use-day-format';

/** Money in minor units, written in the interface language. */
function useMoney(): (minor: number, currency: string) => string {
  const { locale } = useLocale();
  return useMemo(() => (minor, currency) => formatMoney(minor, currency, FORMAT_TAGS[locale]), [locale]);
}

/**
 * The shop on the analyst's dashboard ("Продажи"): revenue per day and currency, the period's totals and
 * the funnel from a basket to a paid order, for the dashboard's period (GET /api/shop/analytics.json).
 */
export function SalesSection({ period }: { period: SalesPeriod }) {
  const { t } = useTranslation();
  const sales = useQuery(salesQuery(period));
  return (
    <Paper withBorder radius="md" p="md" data-testid="sales-section" aria-busy={sales.isPending}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg">
            {t('analytics.sales.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('analytics.sales.description')}
          </Text>
        </div>
        {sales.isError ? (
          <Alert color="red" title={t('analytics.sales.failed')} data-testid="sales-error">
            {sales.error.message}
          </Alert>
        ) : sales.isPending ? (
          <Skeleton height={260} radius="sm" data-testid="sales-loading" />
        ) : noSales(sales.data) ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="sales-empty">
            {t('analytics.sales.empty')}
          </Text>
        ) : (
          <SalesFiguresView figures={sales.data} period={period} />
        )}
      </Stack>
    </Paper>
  );
}

function SalesFiguresView({ figures, period }: { figures: SalesFigures; period: SalesPeriod }) {
  const currencies = currenciesOf(figures.revenue_by_day);
  return (
    <>
      <SalesTotals figures={figures} />
      {currencies.map((currency, index) => (
        <RevenueChart
          key={currency}
          currency={currency}
          days={figures.revenue_by_day}
          period={period}
          color={seriesColor(index)}
        />
      ))}
      <Funnel figures={figures} />
    </>
  );
}

/** Paid, refunded and revenue per currency: money is never added across currencies. */
function SalesTotals({ figures }: { figures: SalesFigures }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <Stack gap="xs">
      {figures.revenue.map((total) => (
        <SimpleGrid
          key={total.currency}
          cols={{ base: 1, xs: 3 }}
          spacing="md"
          data-currency={total.currency}
        >
          {(['paid', 'refunded', 'revenue'] as const).map((key) => (
            <Paper key={key} withBorder radius="md" p="md" data-testid={`sales-total-${key}`}>
              <Text size="sm" c="dimmed">
                {t(`analytics.sales.totals.${key}`)}
              </Text>
              <Text fz={24} fw={700} data-testid="sales-total-value">
                {money(Number(total[key]), total.currency)}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      ))}
    </Stack>
  );
}

function RevenueChart({
  currency,
  days,
  period,
  color,
}: {
  currency: string;
  days: SalesDay[];
  period: SalesPeriod;
  color: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const day = useDayFormat();
  const rows = useMemo(
    () => revenueByDay(days, currency, period.from, period.to),
    [days, currency, period.from, period.to],
  );
  // Back to minor units for the labels, so the axis and the tooltip write money as the totals do.
  const scale = 1 / majorOf(1, currency);
  const label = (major: number) => money(Math.round(major * scale), currency);
  const title = t('analytics.sales.byDay', { currency });
  const summary = rows
    .filter((row) => row.paid !== 0 || row.refunded !== 0)
    .map((row) => `${day(row.day)}: ${label(row.revenue)}`)
    .join(', ');
  return (
    <Stack gap={4} data-testid="sales-by-day" data-currency={currency}>
      <Text fw={600} size="sm">
        {title}
      </Text>
      <div role="img" aria-label={`${title}. ${summary}`} data-testid="chart" style={{ height: 240 }}>
        <BarChart data={rows} responsive style={{ width: '100%', height: '100%' }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="day" tickFormatter={day} minTickGap={12} />
          <YAxis width={90} tickFormatter={(value: number) => label(value)} />
          <Tooltip
            labelFormatter={(value) => day(String(value))}
            formatter={(value) => label(Number(value))}
          />
          <Bar
            dataKey="revenue"
            name={t('analytics.sales.totals.revenue')}
            fill={color}
            isAnimationActive={false}
          />
        </BarChart>
      </div>
    </Stack>
  );
}

/** Baskets → payments started → paid, each with its share of the baskets, and the rate. */
function Funnel({ figures }: { figures: SalesFigures }) {
  const { t } = useTranslation();
  const format = useFormat();
  const { locale } = useLocale();
  const percent = new Intl.NumberFormat(FORMAT_TAGS[locale], { style: 'percent', maximumFractionDigits: 1 });
  return (
    <Stack gap="xs" data-testid="sales-funnel">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          {t('analytics.sales.funnel.title')}
        </Text>
        <Text size="sm" data-testid="sales-rate">
          {t('analytics.sales.funnel.rate', { rate: percent.format(Number(figures.conversion.rate)) })}
        </Text>
      </Group>
      {funnelOf(figures.conversion).map(({ step, count, share }) => (
        <div key={step} data-testid={`sales-step-${step}`}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{t(`analytics.sales.funnel.${step}`)}</Text>
            <Text size="sm" fw={600} data-testid="sales-step-count">
              {format.number(count)}
            </Text>
          </Group>
          <Progress value={Math.min(100, share * 100)} aria-label={t(`analytics.sales.funnel.${step}`)} />
        </div>
      ))}
    </Stack>
  );
}
