/** Products in the manager's form (docs/shop.md): prices are typed in major units, kept in minor units. */
export type ShipmentType = 'digital' | 'physical';
export type PaymentType = 'forever' | 'subscription' | 'voucher';

export interface ProductFields {
  name: string;
  description: string;
  status: 'active' | 'inactive';
  shipment_type: ShipmentType;
  payment_type: PaymentType;
  /** As typed: `1500`, `1500.5`, `1 500,50`. */
  price: string;
  currency: string;
  /** Stock; empty: unlimited. */
  quantity: string;
  course_id: string;
}

export const emptyProduct: ProductFields = {
  name: '',
  description: '',
  status: 'active',
  shipment_type: 'digital',
  payment_type: 'forever',
  price: '',
  currency: 'KZT',
  quantity: '',
  course_id: '',
};

/**
 * A typed price in minor units, by its digits (never through a float): `1 500,5` → 150050.
 * Null when it is not a price with at most two decimals.
 */
export function minorUnitsOf(typed: string): number | null {
  const text = typed.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const cents = (match[2] ?? '').padEnd(2, '0');
  return Number(match[1]) * 100 + Number(cents);
}

/** Minor units as the form shows them: `150050` → `1500.50`, `150000` → `1500`. */
export function typedPriceOf(minor: number): string {
  const major = Math.floor(minor / 100);
  const cents = minor % 100;
  return cents === 0 ? String(major) : `${major}.${String(cents).padStart(2, '0')}`;
}

export interface ProductRecord {
  id: string;
  name: string;
  description: string | null;
  status: 'active' | 'inactive';
  type: string;
  shipment_type: ShipmentType;
  payment_type: PaymentType;
  price: number;
  price_formatted: string;
  currency: string;
  quantity: number | null;
  image: string | null;
  course_id: string | null;
  assignment_id: string | null;
  invite_code_id: string | null;
}

export function productFieldsOf(record: ProductRecord): ProductFields {
  return {
    name: record.name,
    description: record.description ?? '',
    status: record.status,
    shipment_type: record.shipment_type,
    payment_type: record.payment_type,
    price: typedPriceOf(record.price),
    currency: record.currency,
    quantity: record.quantity === null ? '' : String(record.quantity),
    course_id: record.course_id ?? '',
  };
}

/** The body POST and PUT take; the price in minor units (the form refuses an unreadable one first). */
export function productBody(fields: ProductFields) {
  const quantity = fields.quantity.trim();
  return {
    name: fields.name.trim(),
    description: fields.description.trim() || null,
    status: fields.status,
    shipment_type: fields.shipment_type,
    payment_type: fields.payment_type,
    price: minorUnitsOf(fields.price) ?? 0,
    currency: fields.currency.trim().toUpperCase(),
    quantity: quantity === '' ? null : Number(quantity),
    course_id: fields.course_id.trim() || null,
  };
}

/** Only the fields that differ from the saved record, as PUT takes them. */
export function productChanges(record: ProductRecord, fields: ProductFields) {
  const before = productBody(productFieldsOf(record));
  const after = productBody(fields);
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => before[key as keyof typeof before] !== value),
  );
}
