import { isEvent, type EventOf } from '@sabaq/events';
import type { Projection } from '../../../platform/projections/projection';
import { txWithTables, type ReadModelTx } from '../../../platform/read-models/database';
import { evolveOrder, initialOrderState, totalsOf, type OrderEvent } from '../order-decider';
import {
  GRANTS_PROJECTION,
  GRANTS_TABLE,
  ORDERS_PROJECTION,
  ORDERS_TABLE,
  type OrdersTables,
} from './orders-table';

export const ORDER_EVENT_TYPES = [
  'OrderOpened',
  'BasketItemAdded',
  'BasketItemRemoved',
  'BasketItemQuantityChanged',
  'BasketGuestMerged',
  'OrderPromoCodeAttached',
  'OrderPromoCodeDetached',
  'OrderCustomerSaved',
  'PaymentStarted',
  'PaymentCallbackRefused',
  'PaymentDeclined',
  'OrderPaid',
  'OrderCompleted',
  'OrderRefunded',
] as const;

/** Orders folded with the decider's own evolve; each write is guarded by the stream position. */
export const ordersProjection: Projection = {
  name: ORDERS_PROJECTION,
  version: 1,
  handles: ORDER_EVENT_TYPES,
  async apply(tx, events) {
    for (const event of events) if (isEvent(event, ...ORDER_EVENT_TYPES)) await applyOne(tx, event);
  },
  async reset(tx) {
    await tx.deleteFrom(ORDERS_TABLE).execute();
  },
};

async function applyOne(
  untyped: ReadModelTx,
  event: EventOf<(typeof ORDER_EVENT_TYPES)[number]>,
): Promise<void> {
  const tx = txWithTables<OrdersTables>(untyped);
  const id = event.data.id;
  const at = new Date(event.data.at);
  const row = await tx
    .selectFrom(ORDERS_TABLE)
    .select(['state', 'version'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (row && row.version >= event.streamPosition) return;
  const before = row?.state ?? initialOrderState;
  const state = evolveOrder(before, event as unknown as OrderEvent);
  const totals = totalsOf(state);
  const values = {
    status: state.status,
    total: totals.total,
    currency: totals.currency,
    is_paid: state.paid !== null,
    promocode: state.promo?.name ?? null,
    state: JSON.stringify(state),
    version: event.streamPosition,
    updated_at: at,
  };
  if (!row) {
    await tx
      .insertInto(ORDERS_TABLE)
      .values({ id, user_id: state.userId ?? '', school_id: state.schoolId, created_at: at, ...values })
      .execute();
  } else {
    await tx.updateTable(ORDERS_TABLE).set(values).where('id', '=', id).execute();
  }
}

/** What paid orders grant, kept for the readers that open courses and assignments. */
export const grantsProjection: Projection = {
  name: GRANTS_PROJECTION,
  version: 1,
  handles: ['ProductAccessGranted', 'ProductAccessRevoked'],
  async apply(untyped, events) {
    const tx = txWithTables<OrdersTables>(untyped);
    for (const event of events) {
      if (isEvent(event, 'ProductAccessRevoked')) {
        const d = event.data;
        await tx
          .updateTable(GRANTS_TABLE)
          .set({ revoked: true })
          .where('order_id', '=', d.order_id)
          .execute();
        continue;
      }
      if (!isEvent(event, 'ProductAccessGranted')) continue;
      const d = event.data;
      for (const item of d.items) {
        await tx
          .insertInto(GRANTS_TABLE)
          .values({
            order_id: d.order_id,
            user_id: d.user_id,
            granted_at: new Date(d.at),
            revoked: false,
            ...item,
          })
          .onConflict((oc) => oc.columns(['order_id', 'product_id']).doNothing())
          .execute();
      }
    }
  },
  async reset(tx) {
    await tx.deleteFrom(GRANTS_TABLE).execute();
  },
};
