import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, api } from '../../../shared/api';

/** One day's sales in one currency (money in minor units: 150050 KZT is 1 500,50 ₸). */
export interface SalesDay {
  day: string;
  currency: string;
  paid: number;
  refunded: number;
  revenue: number;
  orders: number;
  refunds: number;
}

export interface SalesTotal {
  currency: string;
  paid: number;
  refunded: number;
  revenue: number;
}

/** Orders counted once per step; `rate` is paid ÷ baskets (0..1, may pass 1, see docs/shop.md). */
export interface SalesConversion {
  baskets: number;
  payments_started: number;
  paid: number;
  refunded: number;
  rate: number;
}

export interface SalesFigures {
  revenue_by_day: SalesDay[];
  revenue: SalesTotal[];
  conversion: SalesConversion;
}

export interface SalesPeriod {
  from: string;
  to: string;
}

export const salesKeys = {
  all: ['analytics', 'sales'] as const,
  one: (period: SalesPeriod) => [...salesKeys.all, period] as const,
};

export async function fetchSales(period: SalesPeriod, signal?: AbortSignal): Promise<SalesFigures> {
  const answer = await api.get<{ entity?: SalesFigures }>('/api/shop/analytics.json', {
    query: { from: period.from, to: period.to },
    signal,
  });
  if (!answer?.entity) throw new ApiError('http', 'No data in fetch response', 200);
  return answer.entity;
}

/** The shop's figures of the dashboard's period; the previous ones stay on screen while new ones load. */
export function salesQuery(period: SalesPeriod) {
  return queryOptions({
    queryKey: salesKeys.one(period),
    queryFn: ({ signal }) => fetchSales(period, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    // The section shows the failure itself.
    meta: { errorToast: false },
  });
}
