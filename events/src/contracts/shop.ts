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

export const shopCatalogueItem = z
  .looseObject({ id: entityId })
  .meta({ id: 'CatalogueItem', description: "A product on a school's public shop page (docs/shop.md)" });

export const shopGrant = z
  .looseObject({ id: entityId })
  .meta({ id: 'ShopGrant', description: 'Access a paid order granted to the caller (docs/shop.md)' });

/** What `POST /api/payment/make/{providerId}` answers: the provider's view and the ids to follow. */
export const paymentStart = z.looseObject({
  view: z.unknown().describe("The provider's view: a form, a redirect or a widget's settings"),
  order_id: z.string(),
  payment_id: z.string(),
});

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

/** A place the address search offers (`GET /api/geocoder`). */
export const geoPlace = z
  .object({
    name: z.string(),
    lat: z.number(),
    lng: z.number(),
    city_id: z.string().nullable(),
    country_id: z.string().nullable(),
    zoom: z.number(),
  })
  .meta({ id: 'GeoPlace', description: 'A place the address search offers (docs/shop.md)' });

const moneyByCurrency = { currency: z.string(), paid: z.number(), refunded: z.number(), revenue: z.number() };

/** The school's sales figures (`GET /api/shop/analytics.json`), money in minor units per currency. */
export const salesFigures = z
  .looseObject({
    revenue_by_day: z.array(
      z.looseObject({ day: z.string(), ...moneyByCurrency, orders: z.number(), refunds: z.number() }),
    ),
    revenue: z.array(z.looseObject(moneyByCurrency)),
    conversion: z.looseObject({
      baskets: z.number(),
      payments_started: z.number(),
      paid: z.number(),
      refunded: z.number(),
      rate: z.number().nullable(),
    }),
  })
  .meta({ id: 'SalesFigures', description: "The school's revenue and conversion (docs/shop.md)" });
