import type { RecordTableColumns } from '../../../platform/http/records/record-table';
import type { OrdersTables } from './orders-table';

/**
 * The record collections' tables the shop queries itself (defineCollection names them
 * `<context>_<name>`; tables.unit.test.ts checks names and columns against collections.ts).
 */
export const SHOP_RECORD_TABLES = {
  products: 'shop_products',
  paymentProviders: 'shop_payment_providers',
  cityDeliveryMethods: 'shop_city_delivery_methods',
  promoCodes: 'shop_promocodes',
} as const;

/**
 * The shop's tables: its orders and grants, the record collections it queries beside the record API
 * (a collection's own columns are nullable), and the one published read model of another context it
 * reads. The record API itself reads the collections generically.
 */
export interface ShopTables extends OrdersTables {
  shop_products: RecordTableColumns & {
    name: string | null;
    description: string | null;
    status: string | null;
    type: string | null;
    shipment_type: string | null;
    payment_type: string | null;
    price: number | null;
    currency: string | null;
    quantity: number | null;
    image: string | null;
    course_id: string | null;
    assignment_id: string | null;
    invite_code_id: string | null;
  };
  shop_payment_providers: RecordTableColumns & {
    name: string | null;
    description: string | null;
    type: string | null;
    logo: string | null;
    secret_key: string | null;
    webhook_secret: string | null;
  };
  shop_city_delivery_methods: RecordTableColumns & {
    city_id: string | null;
    delivery_method_id: string | null;
    cost: number | null;
    currency: string | null;
    time: number | null;
  };
  shop_promocodes: RecordTableColumns & {
    name: string | null;
    description: string | null;
    kind: string | null;
    value: number | null;
    currency: string | null;
    product_id: string | null;
    max_uses: number | null;
    max_uses_per_user: number | null;
    /** ISO text, as the record API keeps it. */
    expires_at: string | null;
  };
  /** Identity's invite codes (identity/invites/table.ts): the courses and assignments a bought code opens. */
  identity_invite_codes: { id: string; deleted: boolean; courses: unknown; assignments: unknown };
}
