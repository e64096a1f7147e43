import { api, records } from '../../shared/api';
import { isSignedIn } from '../../shared/session';
import { guestHeaders, guestSession } from './guest-session';

/** The basket's calls (001 §7 Basket and payment; docs/shop.md). */
export interface Money {
  raw: number;
  formatted: string;
}
export interface OrderTotal {
  id: string;
  total: Money;
  savings: Money;
  delivery: Money;
  currency: string;
  promocode: { id: string; name: string; description: string | null } | null;
  is_needs_shipment: boolean;
}
export interface BasketItem {
  id: string;
  product_id: string;
  product: { id: string; name: string; shipment_type: string; payment_type: string };
  product_price: { old: Money; new: Money };
  quantity: number;
  is_quantity_fixed: boolean;
}
export interface Provider {
  id: string;
  name: string;
  description: string | null;
}
export interface CityOption {
  id: string;
  name: string;
}
export interface CityDeliveryOption {
  id: string;
  delivery_method_id: string;
  cost: Money;
  time: number;
}
/** The customer step's fields (001 §3 Order customer); the point is where the map or the search put it. */
export interface CustomerFields {
  firstname: string;
  lastname: string;
  country_id: string;
  city_id: string;
  address_1: string;
  comment: string;
  city_delivery_method_id: string;
  geo_lat: number | null;
  geo_lng: number | null;
  geo_zoom: number;
}
export interface DeliveryMethodOption {
  id: string;
  name: string;
  description: string | null;
}

export const basketKeys = { all: ['basket'] as const };

const NO_MONEY = { raw: 0, formatted: '0' };
/** A guest who has added nothing yet has no basket to ask about (the server would answer 401). */
const nothingToAsk = () => !isSignedIn() && guestSession() === null;

// The item calls serve a guest too: they carry the guest's session while this browser has one.
export const fetchTotal = async (): Promise<OrderTotal> =>
  nothingToAsk()
    ? {
        id: '',
        total: NO_MONEY,
        savings: NO_MONEY,
        delivery: NO_MONEY,
        currency: '',
        promocode: null,
        is_needs_shipment: false,
      }
    : api.get<OrderTotal>('/api/order/total.json', { headers: guestHeaders() });
export const fetchItems = async () =>
  nothingToAsk()
    ? []
    : (
        await api.get<{ entities: BasketItem[] }>('/api/basket', {
          headers: {
            'X-Requested-Fields': 'id,product_id,product,product_price,quantity,is_quantity_fixed',
            ...guestHeaders(),
          },
        })
      ).entities;
export const addItem = (productId: string) =>
  api.post<OrderTotal>('/api/basket/add.json', { product_id: productId }, { headers: guestHeaders() });
export const clearItems = (productIds: string[]) =>
  api.post<OrderTotal>('/api/basket/clear.json', { ids: productIds }, { headers: guestHeaders() });
export const removeItem = (productId: string) =>
  api.post<OrderTotal>('/api/basket/remove.json', { product_id: productId }, { headers: guestHeaders() });
/** After signing in: the guest's basket merges into the user's (once, however often asked). */
export const mergeGuestBasket = (sessionId: string) =>
  api.post<OrderTotal>('/api/basket/merge.json', {}, { headers: { 'X-Basket-Session': sessionId } });

export interface CatalogueItem {
  id: string;
  name: string;
  description: string | null;
  image: string | null;
  price: Money;
  shipment_type: string;
  payment_type: string;
}
export const fetchCatalogue = async (schoolId: string) =>
  (
    await api.get<{ entities: CatalogueItem[] }>('/api/shop/catalogue.json', {
      query: { school_id: schoolId },
    })
  ).entities;
export const attachPromo = (promocode: string) =>
  api.post<OrderTotal>('/api/order/attach-promocode.json', { promocode });
export const detachPromo = () => api.post<OrderTotal>('/api/order/detach-promocode.json', {});
export const fetchCustomer = async () =>
  (await api.get<{ entity: (CustomerFields & Record<string, unknown>) | null }>('/api/order/customer.json'))
    .entity;
export const saveCustomer = (fields: CustomerFields) =>
  api.post<{ entity: unknown }>('/api/order/customer.json', {
    ...fields,
    country_id: fields.country_id || null,
    comment: fields.comment.trim() || null,
  });
export const fetchProviders = () => records.list<Provider>('payment-providers');
export const fetchCities = (countryId = '') =>
  records.list<CityOption>('cities', countryId ? { country_id: countryId } : {});
export const fetchCountries = () => records.list<CityOption>('countries');
export const fetchDeliveryMethods = () => records.list<DeliveryMethodOption>('delivery-methods');
export const fetchCityDelivery = (cityId: string) =>
  records.list<CityDeliveryOption>('city-delivery-methods', { city_id: cityId });
export const makePayment = (providerId: string, isMobile: boolean) =>
  api.post<{ view: string; order_id: string; payment_id: string }>(
    `/api/payment/make/${encodeURIComponent(providerId)}`,
    { is_mobile: isMobile },
  );

/** The test provider's view is an iframe of its page: its address, so the modal renders the frame itself. */
export function frameSourceOf(view: string): string | null {
  const match = /<iframe[^>]*\ssrc="([^"]+)"/.exec(view);
  if (!match?.[1]) return null;
  const src = match[1].replace(/&#38;/g, '&').replace(/&amp;/g, '&');
  return src.startsWith('/payment/') ? src : null;
}
