import { channelName, type Push } from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import { withTables } from '../../platform/read-models/database';
import { pushMapper, type RealtimeContribution } from '../../platform/realtime/contribution';
import { ORDERS_TABLE, type OrdersTables } from './read-model/orders-table';

/**
 * `order.{id}` (001 §7): only the order's buyer may listen. OrderPaid and OrderCompleted reach the
 * basket's payment modal, which shows "paid, processing" and then "completed".
 */
export function shopRealtime(services: Pick<ContextServices, 'db'>): RealtimeContribution {
  return {
    channels: [
      {
        pattern: 'order.{id}',
        async authorize(caller, { id }) {
          if (!id) return false;
          const row = await withTables<OrdersTables>(services.db)
            .selectFrom(ORDERS_TABLE)
            .select('user_id')
            .where('id', '=', id)
            .executeTakeFirst();
          return row?.user_id === caller.userId;
        },
      },
    ],
    pushes: [
      pushMapper({
        eventTypes: ['OrderPaid', 'OrderCompleted'],
        map(event): Push[] {
          const d = event.data;
          const paid = event.type === 'OrderPaid';
          return [
            {
              channel: channelName('order', d.id),
              event: paid ? 'OrderPaid' : 'OrderCompleted',
              data: { order: { id: d.id, status: paid ? 'paid' : 'completed', is_paid: true } },
            },
          ];
        },
      }),
    ],
  };
}
