import {
  CityDeliveryMethodEvents,
  DeliveryMethodEvents,
  PaymentProviderEvents,
  ProductEvents,
  PromoCodeEvents,
  cityDeliveryMethodSchema,
  deliveryMethodSchema,
  paymentProviderSchema,
  productSchema,
  promoCodeSchema,
} from '@sabaq/events';
import type { Row } from '../../platform/http/records/collection';
import { defineCollection } from '../../platform/http/records/define';
import { formatMoney } from './money';

const eventTypes = (set: {
  created: { type: string };
  updated: { type: string };
  deleted: { type: string };
}) => ({
  created: set.created.type,
  updated: set.updated.type,
  deleted: set.deleted.type,
});
const context = 'shop';
const named = { name: 'text', description: 'text' } as const;

const money = (row: Row, field: string) => ({
  raw: row[field] ?? 0,
  formatted: formatMoney(Number(row[field] ?? 0), String(row.currency ?? 'KZT')),
});

export const products = defineCollection({
  context,
  name: 'products',
  category: 'shop_product',
  schema: productSchema,
  events: eventTypes(ProductEvents),
  columns: {
    ...named,
    status: 'text',
    type: 'text',
    shipment_type: 'text',
    payment_type: 'text',
    price: 'integer',
    currency: 'text',
    quantity: 'integer',
    image: 'text',
    course_id: 'text',
    assignment_id: 'text',
    invite_code_id: 'text',
  },
  // course_id and assignment_id: a buy button asks for the product that grants its course or assignment.
  filters: {
    status: 'string',
    type: 'string',
    shipment_type: 'string',
    course_id: 'string',
    assignment_id: 'string',
  },
  sortable: ['id', 'name', 'price'],
  defaultOrder: { field: 'name', direction: 'asc' },
  schoolScoped: true,
  toEntity: (row) => ({
    id: row.id,
    school_id: row.school_id,
    name: row.name,
    description: row.description,
    status: row.status,
    type: row.type,
    shipment_type: row.shipment_type,
    payment_type: row.payment_type,
    price: row.price,
    price_formatted: money(row, 'price').formatted,
    currency: row.currency,
    quantity: row.quantity,
    image: row.image,
    course_id: row.course_id,
    assignment_id: row.assignment_id,
    invite_code_id: row.invite_code_id,
    // 000 §3: a prepaid assignment is what a product with an assignment grants.
    access_type: row.assignment_id ? 'prepaid' : null,
  }),
});

export const paymentProviders = defineCollection({
  context,
  name: 'payment-providers',
  category: 'shop_payment_provider',
  schema: paymentProviderSchema,
  events: eventTypes(PaymentProviderEvents),
  columns: { ...named, type: 'text', logo: 'text', secret_key: 'text', webhook_secret: 'text' },
  sortable: ['id', 'name'],
  defaultOrder: { field: 'name', direction: 'asc' },
  schoolScoped: true,
  // A real provider's keys are never shown: only whether they are set.
  toEntity: (row) => ({
    id: row.id,
    school_id: row.school_id,
    type: row.type,
    name: row.name,
    logo: row.logo,
    description: row.description,
    options: { has_secret_key: Boolean(row.secret_key), has_webhook_secret: Boolean(row.webhook_secret) },
  }),
});

export const deliveryMethods = defineCollection({
  context,
  name: 'delivery-methods',
  category: 'shop_delivery_method',
  schema: deliveryMethodSchema,
  events: eventTypes(DeliveryMethodEvents),
  columns: named,
  sortable: ['id', 'name'],
  defaultOrder: { field: 'name', direction: 'asc' },
  schoolScoped: true,
});

export const cityDeliveryMethods = defineCollection({
  context,
  name: 'city-delivery-methods',
  category: 'shop_city_delivery_method',
  schema: cityDeliveryMethodSchema,
  events: eventTypes(CityDeliveryMethodEvents),
  columns: {
    city_id: 'text',
    delivery_method_id: 'text',
    cost: 'integer',
    currency: 'text',
    time: 'integer',
  },
  filters: { city_id: 'string', delivery_method_id: 'string' },
  sortable: ['id', 'cost'],
  schoolScoped: true,
  toEntity: (row) => ({
    id: row.id,
    city_id: row.city_id,
    delivery_method_id: row.delivery_method_id,
    cost: money(row, 'cost'),
    currency: row.currency,
    time: row.time,
  }),
});

export const promoCodes = defineCollection({
  context,
  name: 'promocodes',
  category: 'shop_promocode',
  schema: promoCodeSchema,
  events: eventTypes(PromoCodeEvents),
  columns: {
    ...named,
    kind: 'text',
    value: 'integer',
    currency: 'text',
    product_id: 'text',
    max_uses: 'integer',
    max_uses_per_user: 'integer',
    expires_at: 'text',
  },
  filters: { name: 'string', product_id: 'string' },
  sortable: ['id', 'name'],
  schoolScoped: true,
});

export const shopCollections = [products, paymentProviders, deliveryMethods, cityDeliveryMethods, promoCodes];
