import { isEvent, type EventOf, type GrantItem } from '@sabaq/events';
import { handleCommand } from '../../platform/commands/handle-command';
import type { Decider } from '../../platform/commands/decider';
import type { Projection } from '../../platform/projections/projection';
import { withTables } from '../../platform/read-models/database';
import type { ShopServices } from './commands';
import { giveBackPromoFor, runOrder, loadOrder, sellStockFor, stockCommand, usePromoFor } from './commands';
import { grantStream, shopEventId } from './ids';
import { SHOP_RECORD_TABLES, type ShopTables } from './read-model/tables';

export const FULFILMENT_PROCESS = 'shop.fulfilment';
/** Orders fulfilled at once within one batch of the log. */
const PARALLEL_ORDERS = 8;

async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

interface GrantState {
  granted: boolean;
  revoked: boolean;
}
type GrantEvent = { type: string; data: Record<string, unknown> };
type GrantCommand =
  | { type: 'Grant'; orderId: string; userId: string; items: GrantItem[]; at: string }
  | { type: 'Revoke'; orderId: string; userId: string; at: string };

/** A paid order's grant: given once, taken back once (a refund), never given again after that. */
const grantDecider: Decider<GrantCommand, GrantEvent, GrantState> = {
  initialState: { granted: false, revoked: false },
  evolve: (s, e) =>
    e.type === 'ProductAccessGranted'
      ? { ...s, granted: true }
      : e.type === 'ProductAccessRevoked'
        ? { ...s, revoked: true }
        : s,
  decide: (c, s) => {
    if (c.type === 'Grant')
      return s.granted || s.revoked
        ? []
        : [
            {
              type: 'ProductAccessGranted',
              data: { order_id: c.orderId, user_id: c.userId, items: c.items, at: c.at },
            },
          ];
    return !s.granted || s.revoked
      ? []
      : [{ type: 'ProductAccessRevoked', data: { order_id: c.orderId, user_id: c.userId, at: c.at } }];
  },
};

async function grantCommand(services: ShopServices, command: GrantCommand) {
  const stream = grantStream(command.orderId);
  await handleCommand(services.store, stream, grantDecider, command, {
    eventId: (_e, index, version) => shopEventId(stream, version, command.type, index),
    metadata: { userId: command.userId },
    attempts: 5,
  });
}

/** What the order's products grant, read from the products as they are now. */
async function itemsOf(services: ShopServices, productIds: string[]): Promise<GrantItem[]> {
  if (productIds.length === 0) return [];
  const rows = await withTables<ShopTables>(services.db)
    .selectFrom(SHOP_RECORD_TABLES.products)
    .select(['id', 'course_id', 'assignment_id', 'invite_code_id'])
    .where('id', 'in', productIds)
    .execute();
  return rows.map((r) => ({
    product_id: r.id,
    course_id: r.course_id ?? null,
    assignment_id: r.assignment_id ?? null,
    invite_code_id: r.invite_code_id ?? null,
  }));
}

/**
 * The fulfilment process manager: OrderPaid → the promo code's use and the units taken → access
 * granted → OrderCompleted; OrderRefunded → the
 * access revoked, the promo code's use and the stock given back; an item removed from the basket gives back its stock. Checkpointed like a projection; each step is idempotent (derived ids, deciders that
 * decide nothing the second time), so a replay after a crash repeats nothing.
 */
export function fulfilmentProcess(services: ShopServices): Projection {
  type Handled = EventOf<'OrderPaid' | 'OrderRefunded' | 'BasketItemRemoved'>;
  async function step(event: Handled): Promise<void> {
    const at = services.clock().toISOString();
    if (event.type === 'OrderPaid') {
      const d = event.data;
      const { state } = await loadOrder(services, d.id);
      // What the payment held is now taken: the promo code's use and the units.
      await usePromoFor(services, d.id, state);
      await sellStockFor(services, d.id, state);
      const items = await itemsOf(
        services,
        state.lines.map((l) => l.product.product_id),
      );
      await grantCommand(services, { type: 'Grant', orderId: d.id, userId: d.user_id, items, at });
      await runOrder(services, d.id, { type: 'Complete', at }, null, {
        wait: false,
        schoolId: state.schoolId,
      });
    } else if (event.type === 'OrderRefunded') {
      const d = event.data;
      await grantCommand(services, { type: 'Revoke', orderId: d.id, userId: d.user_id, at });
      const { state } = await loadOrder(services, d.id);
      await giveBackPromoFor(services, d.id, state);
      for (const line of state.lines.filter((l) => l.product.shipment_type === 'physical'))
        await stockCommand(
          services,
          { type: 'Release', productId: line.product.product_id, orderId: d.id, at },
          d.user_id,
        );
    } else {
      // An item left the basket: what its started payment held goes back on the shelf.
      const d = event.data;
      const { state } = await loadOrder(services, d.id);
      const holder = state.userId ?? 'shop';
      await stockCommand(services, { type: 'Release', productId: d.product_id, orderId: d.id, at }, holder);
    }
  }
  return {
    name: FULFILMENT_PROCESS,
    version: 1,
    handles: ['OrderPaid', 'OrderRefunded', 'BasketItemRemoved'],
    async apply(_tx, events) {
      // Orders are independent: each order's events in their order, different orders side by side
      // (a batch of many buyers' payments would otherwise wait on one another).
      const byOrder = new Map<string, Handled[]>();
      for (const event of events) {
        if (!isEvent(event, 'OrderPaid', 'OrderRefunded', 'BasketItemRemoved')) continue;
        const orderId = event.data.id;
        byOrder.set(orderId, [...(byOrder.get(orderId) ?? []), event]);
      }
      await inParallel([...byOrder.values()], PARALLEL_ORDERS, async (orderEvents) => {
        for (const event of orderEvents) await step(event);
      });
    },
    async reset() {
      // Nothing kept: its effects are events, and replaying them decides nothing new.
    },
  };
}
