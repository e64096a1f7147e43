import { only, publicRoute, signedIn, type RouteAccessTable } from '../../platform/http/route-access';
import { groups, schoolStaff, type AccessTable } from '../../platform/http/records/access';

/**
 * Who may call each of the shop's routes that is not a record collection's. The basket, order and
 * customer calls act on the caller's own order (or the guest's own basket) only; the orders list and view narrow to the caller's
 * own orders, or their school's for its admins and managers (404 for anyone else's). The provider's
 * callback and the test provider's page are public: a signature and a page token guard them.
 */
export const shopRouteAccess: RouteAccessTable = {
  // The basket's items serve guests too: public here, the route verifies a token when one is sent and
  // otherwise needs the guest's session id (http/basket-owner.ts); 401 with neither.
  'GET /api/basket': publicRoute,
  'POST /api/basket/add.json': publicRoute,
  'POST /api/basket/quantity.json': publicRoute,
  'POST /api/basket/remove.json': publicRoute,
  'POST /api/basket/clear.json': publicRoute,
  'GET /api/order/total.json': publicRoute,
  'POST /api/basket/merge.json': signedIn,
  // A school's shop page: its products on sale, for guests too.
  'GET /api/shop/catalogue.json': publicRoute,
  'POST /api/order/attach-promocode.json': signedIn,
  'POST /api/order/detach-promocode.json': signedIn,
  'GET /api/order/customer.json': signedIn,
  'POST /api/order/customer.json': signedIn,
  'POST /api/payment/make/:providerId': signedIn,
  'POST /api/payment/callback/:providerType': publicRoute,
  'POST /api/payment/webhook/:providerId': publicRoute,
  'GET /payment/test-provider/:paymentId': publicRoute,
  'POST /payment/test-provider/:paymentId/:outcome': publicRoute,
  'GET /api/orders': signedIn,
  'GET /api/orders/:id': signedIn,
  'GET /api/order-customers': signedIn,
  'GET /api/order-customers/:id': signedIn,
  'POST /api/orders/:id/refund.json': only('admin', 'manager'),
  'GET /api/shop/grants.json': signedIn,
  'GET /api/geocoder': signedIn,
  // Sales figures: the school's analysts, admins and managers, as the analytics dashboard.
  'GET /api/shop/analytics.json': only('analyst', 'admin', 'manager'),
};

/** Everyone of a school sees its catalogue; its admins and managers keep it. */
const schoolCatalogue = {
  list: groups('own-school'),
  get: groups('own-school'),
  create: schoolStaff,
  update: schoolStaff,
  delete: schoolStaff,
};

/** Who may do what with the shop's record collections: collection × action × group → rule. */
export const shopRecordAccess: AccessTable = {
  products: schoolCatalogue,
  'payment-providers': schoolCatalogue,
  'delivery-methods': schoolCatalogue,
  'city-delivery-methods': schoolCatalogue,
  // Promo codes are typed by buyers, never listed to them.
  promocodes: {
    list: schoolStaff,
    get: schoolStaff,
    create: schoolStaff,
    update: schoolStaff,
    delete: schoolStaff,
  },
};
