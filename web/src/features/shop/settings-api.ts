import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, records, type Page } from '../../shared/api';
import type { Money } from './basket-api';
import type { CityDeliveryRecord } from './settings-model';

/** The shop's other collections (docs/shop.md): providers, delivery, promo codes, orders. */
export const SHOP_COLLECTIONS = {
  providers: 'payment-providers',
  delivery: 'delivery-methods',
  cityDelivery: 'city-delivery-methods',
  promocodes: 'promocodes',
} as const;
export type ShopCollection = (typeof SHOP_COLLECTIONS)[keyof typeof SHOP_COLLECTIONS];
export const PAGE_SIZE = 25;

export const recordKeys = {
  pages: (collection: string) => [collection, 'page'] as const,
  page: (collection: string, page: number) => [collection, 'page', page] as const,
  one: (collection: string, id: string) => [collection, 'one', id] as const,
};

export const recordPageQuery = <T>(collection: string, page: number) =>
  queryOptions({
    queryKey: recordKeys.page(collection, page),
    queryFn: ({ signal }) => records.page<T>(collection, { page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const recordQuery = <T>(collection: string, id: string) =>
  queryOptions({
    queryKey: recordKeys.one(collection, id),
    queryFn: ({ signal }) => records.get<T>(collection, id, signal),
  });

export const cityDeliveryOf = (deliveryMethodId: string) =>
  queryOptions({
    queryKey: [SHOP_COLLECTIONS.cityDelivery, 'of', deliveryMethodId],
    queryFn: ({ signal }) =>
      records.list<CityDeliveryRecord>(
        SHOP_COLLECTIONS.cityDelivery,
        { delivery_method_id: deliveryMethodId },
        signal,
      ),
    enabled: deliveryMethodId !== '',
  });

export interface NamedOption {
  id: string;
  name: string;
}
export const citiesQuery = (countryId = '') =>
  queryOptions({
    queryKey: ['cities', 'of', countryId],
    // `country_id` narrows the list to the country's cities (000 §7).
    queryFn: ({ signal }) =>
      records.list<NamedOption>('cities', countryId ? { country_id: countryId } : {}, signal),
    staleTime: 5 * 60_000,
  });
export const countriesQuery = () =>
  queryOptions({
    queryKey: ['countries'],
    queryFn: ({ signal }) => records.list<NamedOption>('countries', {}, signal),
    staleTime: 5 * 60_000,
  });

/** An order (000 §3 Order) as `/api/orders` answers it. */
export interface OrderPayment {
  payment_id: string;
  provider_id: string;
  amount: number;
  currency: string;
  status: string;
  at?: string;
}
export interface OrderRecord {
  id: string;
  user_id: string;
  status: 'basket' | 'paid' | 'completed' | 'refunded';
  amount: Money;
  subtotal: Money;
  savings: Money;
  delivery_amount: Money;
  currency_id: string;
  is_paid: boolean;
  promocode: string | null;
  comment: string | null;
  customer_id: string | null;
  payment_provider_id: string | null;
  city_delivery_id: string | null;
  items: { product_id: string; name: string; price: number; quantity: number }[];
  /** Listed by the server from this round on; older answers have none. */
  payments?: OrderPayment[];
  /** How many provider callbacks were refused (recorded, changed nothing). */
  refused_callbacks?: number;
  created_at: string | null;
}
export interface OrderCustomerRecord {
  id: string;
  firstname: string;
  lastname: string;
  patronymic: string | null;
  email: string | null;
  phone: string | null;
  country_id: string | null;
  city_id: string;
  address_1: string;
  comment: string | null;
  geo_lat: number | null;
  geo_lng: number | null;
  city_delivery_method_id: string;
}
export const ORDER_STATUSES = ['basket', 'paid', 'completed', 'refunded'] as const;

export const ordersPageQuery = (page: number, query: string, status: string) =>
  queryOptions({
    queryKey: ['orders', 'page', page, query, status],
    queryFn: async ({ signal }) =>
      (
        await api.get<{ entities: Page<OrderRecord> }>('/api/orders', {
          query: { page, limit: PAGE_SIZE, ...(query ? { query } : {}), ...(status ? { status } : {}) },
          signal,
        })
      ).entities,
    placeholderData: keepPreviousData,
  });
export const orderQuery = (id: string) =>
  queryOptions({
    queryKey: ['orders', 'one', id],
    queryFn: ({ signal }) => records.get<OrderRecord>('orders', id, signal),
  });
export const orderCustomerQuery = (id: string, enabled: boolean) =>
  queryOptions({
    queryKey: ['order-customers', 'one', id],
    queryFn: ({ signal }) => records.get<OrderCustomerRecord>('order-customers', id, signal),
    enabled,
  });
export const refundOrder = (id: string) =>
  api.post<{ entity: OrderRecord }>(`/api/orders/${encodeURIComponent(id)}/refund.json`, {});

/** The buyers' names for the manager's orders (the school's users by id, 000 §7). */
export const buyersQuery = (ids: string[]) =>
  queryOptions({
    queryKey: ['users', 'names', [...ids].sort()],
    queryFn: async ({ signal }) => {
      const people = await records.list<{ id: string; firstname: string | null; lastname: string | null }>(
        'users',
        { ids },
        signal,
      );
      return new Map(
        people.map((p) => [p.id, [p.lastname, p.firstname].filter(Boolean).join(' ') || p.id] as const),
      );
    },
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
