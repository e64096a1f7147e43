import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { records } from '../../shared/api';
import type { ProductRecord } from './model';

/** The school's products over the record API (docs/shop.md). */
export const PRODUCTS = 'products';
export const PAGE_SIZE = 25;

export const shopKeys = {
  pages: [PRODUCTS, 'page'] as const,
  page: (page: number) => [PRODUCTS, 'page', page] as const,
  one: (id: string) => [PRODUCTS, 'one', id] as const,
};

export const productsPageQuery = (page: number) =>
  queryOptions({
    queryKey: shopKeys.page(page),
    queryFn: ({ signal }) => records.page<ProductRecord>(PRODUCTS, { page, limit: PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });

export const productQuery = (id: string) =>
  queryOptions({
    queryKey: shopKeys.one(id),
    queryFn: ({ signal }) => records.get<ProductRecord>(PRODUCTS, id, signal),
  });

export const saveProduct = (id: string | null, body: object) =>
  id ? records.update<ProductRecord>(PRODUCTS, id, body) : records.create<ProductRecord>(PRODUCTS, body);
