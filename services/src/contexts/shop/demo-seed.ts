import {
  paymentProviderSchema,
  productSchema,
  promoCodeSchema,
  streamId,
  type ProductSnapshot,
} from '@sabaq/events';
import type { ContextServices } from '../../platform/context';
import type { Caller } from '../../platform/http/caller';
import { uuidV5 } from '../../platform/ids';
import { DEMO_SCHOOL_ID, demoUserId } from '../identity/seed';
import { holdPromoFor, loadOrder, runOrder } from './commands';
import { orderStream } from './ids';

const MANAGER = demoUserId('manager');
const STUDENTS = [demoUserId('student'), demoUserId('student2')];
const DAY = 86_400_000;

export const demoShopId = (key: string) => uuidV5(`demo-shop:${key}`);

/** One product of each kind (`DEMO=1`): digital for good, a voucher, a subscription and a shipped book. */
const PRODUCTS = [
  {
    key: 'course',
    name: 'Курс «Алгебра, 7 класс»',
    description: 'Видеоуроки и задания на четверть.',
    price: 1_500_000,
  },
  {
    key: 'voucher',
    name: 'Ваучер на пробный экзамен',
    description: 'Одна попытка экзамена с прокторингом.',
    price: 500_000,
    payment_type: 'voucher' as const,
  },
  {
    key: 'subscription',
    name: 'Подписка на задания',
    description: 'Новые задания каждую неделю.',
    price: 300_000,
    payment_type: 'subscription' as const,
  },
  {
    key: 'book',
    name: 'Учебник «Алгебра 7»',
    description: 'Печатное издание с доставкой.',
    price: 450_000,
    shipment_type: 'physical' as const,
    quantity: 50,
  },
];

/** Past orders: days ago, buyer, products, promo code; one refunded a day later, one never paid. */
const HISTORY: {
  day: number;
  buyer: number;
  products: string[];
  promo?: boolean;
  end?: 'refund' | 'open';
}[] = [
  { day: 27, buyer: 0, products: ['course'] },
  { day: 24, buyer: 1, products: ['voucher'] },
  { day: 21, buyer: 0, products: ['subscription'], promo: true },
  { day: 18, buyer: 1, products: ['course'], promo: true, end: 'refund' },
  { day: 15, buyer: 0, products: ['voucher'] },
  { day: 12, buyer: 1, products: ['subscription', 'voucher'] },
  { day: 9, buyer: 0, products: ['voucher'], promo: true },
  { day: 6, buyer: 1, products: ['course'] },
  { day: 3, buyer: 0, products: ['subscription'], end: 'open' },
  { day: 1, buyer: 1, products: ['voucher'] },
];

/**
 * A record as the record API creates it (its Created event, the manager's, in the demo school); the
 * stream must not exist yet, so a second start appends nothing.
 */
async function seedRecord(
  services: ContextServices,
  category: string,
  type: string,
  id: string,
  data: object,
  at: string,
) {
  const stream = streamId(category, id);
  if ((await services.store.streamVersion(stream)) >= 0) return;
  await services.store
    .append(
      stream,
      [
        {
          id: uuidV5(`demo-shop:${stream}:created`),
          type,
          data: { ...data, id },
          metadata: { userId: MANAGER, schoolId: DEMO_SCHOOL_ID, occurredAt: at },
        },
      ],
      { expectedVersion: 'no_stream' },
    )
    .catch(async (error: unknown) => {
      // Another api process seeded it meanwhile: the same record.
      if ((await services.store.streamVersion(stream)) < 0) throw error;
    });
}

const snapshotOf = (key: string): ProductSnapshot => {
  const p = productSchema.parse(PRODUCTS.find((x) => x.key === key)!);
  return {
    product_id: demoShopId(`product:${key}`),
    name: p.name,
    price: p.price,
    currency: p.currency,
    shipment_type: p.shipment_type,
    payment_type: p.payment_type,
  };
};

/**
 * The demo school's shop (`DEMO=1`): one product of each kind; with DEMO_HISTORY (on unless 0) also a
 * test payment provider, a promo code and four weeks of the demo students' orders, so the analyst's
 * «Продажи» and the manager's orders have something to show on a fresh start (docs/shop.md).
 *
 * The orders go through the same order commands as the basket calls and the provider's callback
 * (`runOrder`: opened, items added, promo code attached and held, payment started, the callback's
 * `paid`), with their times in the past; the fulfilment process then takes the promo code's uses and
 * completes them as it does live, and one is refunded by the manager. An order whose stream exists is
 * skipped, so a second start adds nothing. The read models are not waited for.
 */
export async function seedShopDemo(services: ContextServices): Promise<void> {
  if (!services.demo) return;
  const now = services.clock().getTime();
  const created = new Date(now - 30 * DAY).toISOString();
  for (const { key, ...fields } of PRODUCTS)
    await seedRecord(
      services,
      'shop_product',
      'ProductCreated',
      demoShopId(`product:${key}`),
      productSchema.parse(fields),
      created,
    );
  if (services.demoHistory === false) return;
  const providerId = demoShopId('provider');
  await seedRecord(
    services,
    'shop_payment_provider',
    'PaymentProviderCreated',
    providerId,
    paymentProviderSchema.parse({ name: 'Демо-оплата', type: 'test' }),
    created,
  );
  const promo = promoCodeSchema.parse({ name: 'DEMO10', kind: 'percent', value: 10 });
  const promoId = demoShopId('promo:DEMO10');
  await seedRecord(services, 'shop_promocode', 'PromoCodeCreated', promoId, promo, created);
  for (const [n, order] of HISTORY.entries()) {
    const orderId = demoShopId(`order:${n}`);
    if ((await services.store.streamVersion(orderStream(orderId))) >= 0) continue;
    const userId = STUDENTS[order.buyer]!;
    const caller: Caller = { userId, schoolId: DEMO_SCHOOL_ID, group: 'student', pendingChallenges: [] };
    const at = (minutes: number) => new Date(now - order.day * DAY + minutes * 60_000).toISOString();
    const run = (command: Parameters<typeof runOrder>[2]) =>
      runOrder(services, orderId, command, caller, { wait: false });
    await run({ type: 'Open', orderId, userId, schoolId: DEMO_SCHOOL_ID, at: at(0) });
    for (const key of order.products) await run({ type: 'AddItem', product: snapshotOf(key), at: at(1) });
    if (order.promo)
      await run({
        type: 'AttachPromo',
        promo: { id: promoId, ...promo, description: promo.description },
        at: at(2),
      });
    if (order.end === 'open') continue;
    const { state } = await loadOrder(services, orderId);
    await holdPromoFor(services, caller, orderId, state);
    const paymentId = demoShopId(`payment:${n}`);
    const started = await run({ type: 'StartPayment', paymentId, providerId, at: at(3) });
    const payment = started.state.payments.find((p) => p.payment_id === paymentId)!;
    await runOrder(
      services,
      orderId,
      {
        type: 'Callback',
        paymentId,
        amount: payment.amount,
        currency: payment.currency,
        outcome: 'paid',
        at: at(5),
      },
      null,
      { wait: false, schoolId: DEMO_SCHOOL_ID },
    );
    if (order.end === 'refund') {
      const manager: Caller = {
        userId: MANAGER,
        schoolId: DEMO_SCHOOL_ID,
        group: 'manager',
        pendingChallenges: [],
      };
      await runOrder(services, orderId, { type: 'Refund', by: MANAGER, at: at(24 * 60) }, manager, {
        wait: false,
      });
    }
  }
}
