import type { ComponentType } from 'react';
import { ProductCreatePage, ProductEditPage, ProductsListPage } from '../../features/shop';
import {
  DeliveryPages,
  PromoPages,
  ProviderPages,
} from '../../features/shop/components/manage/settings-pages';
import { OrdersListPage, OrderViewPage } from '../../features/shop/components/manage/order-pages';
import { ProductViewPage } from '../../features/shop/components/product-view-page';

/**
 * The shop's screens (route table `module: 'shop'`): the manager's products, payments, delivery, orders
 * and promo codes, and the student's own orders. Loaded when one is first opened.
 */
export const pages: Record<string, ComponentType> = {
  products: ProductsListPage,
  'product-create': ProductCreatePage,
  'product-edit': ProductEditPage,
  'product-view': ProductViewPage,
  payments: ProviderPages.ListPage,
  'payment-create': ProviderPages.CreatePage,
  'payment-edit': ProviderPages.EditPage,
  delivery: DeliveryPages.ListPage,
  'delivery-create': DeliveryPages.CreatePage,
  'delivery-edit': DeliveryPages.EditPage,
  promocodes: PromoPages.ListPage,
  'promocode-create': PromoPages.CreatePage,
  'promocode-edit': PromoPages.EditPage,
  orders: () => <OrdersListPage key="index" area="m" />,
  'orders-search': () => <OrdersListPage key="search" area="m" search />,
  order: () => <OrderViewPage area="m" />,
  'my-orders': () => <OrdersListPage area="s" />,
  'my-order': () => <OrderViewPage area="s" />,
};
