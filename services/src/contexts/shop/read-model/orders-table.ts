import { sql, type ColumnType, type Generated, type Kysely, type Migration } from 'kysely';
import type { OrderState } from '../order-decider';

export const ORDERS_PROJECTION = 'shop.orders';
export const ORDERS_TABLE = 'shop_orders';
export const GRANTS_PROJECTION = 'shop.grants';
export const GRANTS_TABLE = 'shop_grants';

/** The columns of 1610_shop_orders and 1611_shop_grants below. */
export interface OrdersTables {
  shop_orders: {
    id: string;
    user_id: string;
    school_id: string | null;
    status: string;
    /** bigint: read as a decimal string, written from the fold's number. */
    total: ColumnType<string, number, number>;
    currency: string;
    is_paid: boolean;
    promocode: string | null;
    /** jsonb: the decider's fold, written as JSON text, read back parsed. */
    state: ColumnType<OrderState, string, string>;
    version: number;
    created_at: Date;
    updated_at: Date;
  };
  shop_grants: {
    order_id: string;
    product_id: string;
    user_id: string;
    course_id: string | null;
    assignment_id: string | null;
    invite_code_id: string | null;
    revoked: Generated<boolean>;
    granted_at: Date;
  };
}

/** Orders with their folded state (the decider's own fold, as JSON) and the columns lists filter on. */
export const ordersMigrations: Record<string, Migration> = {
  '1610_shop_orders': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(ORDERS_TABLE)
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('school_id', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('total', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('is_paid', 'boolean', (c) => c.notNull())
        .addColumn('promocode', 'text')
        .addColumn('state', 'jsonb', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'timestamptz', (c) => c.notNull())
        .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`${ORDERS_TABLE}_by_school`)
        .on(ORDERS_TABLE)
        .columns(['school_id', 'created_at'])
        .execute();
      await db.schema
        .createIndex(`${ORDERS_TABLE}_by_user`)
        .on(ORDERS_TABLE)
        .columns(['user_id', 'created_at'])
        .execute();
    },
  },
  '1611_shop_grants': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(GRANTS_TABLE)
        .addColumn('order_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('course_id', 'text')
        .addColumn('assignment_id', 'text')
        .addColumn('invite_code_id', 'text')
        .addColumn('revoked', 'boolean', (c) => c.notNull().defaultTo(sql.raw('false')))
        .addColumn('granted_at', 'timestamptz', (c) => c.notNull())
        .addPrimaryKeyConstraint(`${GRANTS_TABLE}_pk`, ['order_id', 'product_id'])
        .execute();
      await db.schema.createIndex(`${GRANTS_TABLE}_by_user`).on(GRANTS_TABLE).columns(['user_id']).execute();
    },
  },
};

/** Keys of real providers, on a payment providers table made before they existed (fresh ones have them). */
export const providerKeysMigrations: Record<string, Migration> = {
  '1612_shop_payment_provider_keys': {
    async up(db: Kysely<unknown>) {
      await sql`ALTER TABLE shop_payment_providers ADD COLUMN IF NOT EXISTS secret_key text`.execute(db);
      await sql`ALTER TABLE shop_payment_providers ADD COLUMN IF NOT EXISTS webhook_secret text`.execute(db);
    },
  },
};
