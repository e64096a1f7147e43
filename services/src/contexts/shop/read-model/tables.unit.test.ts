import { describe, expect, it } from 'vitest';
import { cityDeliveryMethods, paymentProviders, products, promoCodes } from '../collections';
import { SHOP_RECORD_TABLES, type ShopTables } from './tables';

/** The record table's common columns (record-table.ts); the rest are the collection's own. */
type Common = 'id' | 'school_id' | 'owner_id' | 'version' | 'deleted' | 'created_at' | 'updated_at';
/** Every own column of a table's interface, once: the compiler refuses a missing or an unknown one. */
type Own<T extends keyof ShopTables> = Record<Exclude<keyof ShopTables[T], Common>, true>;

const productColumns: Own<'shop_products'> = {
  name: true,
  description: true,
  status: true,
  type: true,
  shipment_type: true,
  payment_type: true,
  price: true,
  currency: true,
  quantity: true,
  image: true,
  course_id: true,
  assignment_id: true,
  invite_code_id: true,
};
const providerColumns: Own<'shop_payment_providers'> = {
  name: true,
  description: true,
  type: true,
  logo: true,
  secret_key: true,
  webhook_secret: true,
};
const cityDeliveryColumns: Own<'shop_city_delivery_methods'> = {
  city_id: true,
  delivery_method_id: true,
  cost: true,
  currency: true,
  time: true,
};
const promoColumns: Own<'shop_promocodes'> = {
  name: true,
  description: true,
  kind: true,
  value: true,
  currency: true,
  product_id: true,
  max_uses: true,
  max_uses_per_user: true,
  expires_at: true,
};

describe('the shop tables', () => {
  it.each([
    [products, SHOP_RECORD_TABLES.products, productColumns],
    [paymentProviders, SHOP_RECORD_TABLES.paymentProviders, providerColumns],
    [cityDeliveryMethods, SHOP_RECORD_TABLES.cityDeliveryMethods, cityDeliveryColumns],
    [promoCodes, SHOP_RECORD_TABLES.promoCodes, promoColumns],
  ])('declare %# as the collection creates it', (declared, table, columns) => {
    expect(declared.collection.table).toBe(table);
    expect(Object.keys(declared.collection.columns).sort()).toEqual(Object.keys(columns).sort());
  });
});
