import { z } from 'zod';

/** The shop's answers (docs/shop.md): loose, so the serialiser keeps what the entity builders add. */
const entityId = z.union([z.string(), z.number()]).optional();

export const shopOrder = z
  .looseObject({ id: entityId, status: z.string().optional() })
  .meta({ id: 'Order', description: 'An order with its lines, payments and state (docs/shop.md)' });

export const shopOrderTotal = z
  .looseObject({ id: entityId })
  .meta({ id: 'OrderTotal', description: "The basket's order with its sums and promo code (docs/shop.md)" });

export const shopOrderCustomer = z
  .looseObject({ id: entityId })
  .meta({ id: 'OrderCustomer', description: "An order's customer and delivery details (docs/shop.md)" });

export const basketLine = z
  .looseObject({ id: entityId })
  .meta({ id: 'BasketLine', description: 'One product in the basket (docs/shop.md)' });

export const shopGrant = z
  .looseObject({ id: entityId })
  .meta({ id: 'ShopGrant', description: 'Access a paid order granted to the caller (docs/shop.md)' });

/** What `POST /api/payment/make/{providerId}` answers: the provider's view and the ids to follow. */
export const paymentStart = z.looseObject({
  view: z.unknown().describe("The provider's view: a form, a redirect or a widget's settings"),
  order_id: z.string(),
  payment_id: z.string(),
});

/** A provider callback's outcome. */
/** A callback's outcome: the order's state and whether it is paid; both null when the callback was ignored. */
export const paymentOutcome = z.looseObject({
  status: z.string().nullable(),
  is_paid: z.boolean().nullable(),
  ignored: z.boolean().optional(),
});

/** The test provider's bank page and its answer: HTML for a browser. */
export const htmlPage = {
  description: 'An HTML page',
  content: { 'text/html': { schema: z.string() } },
};
