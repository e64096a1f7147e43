import type { Messages } from '../ru';

/** The shop (000 §2: /m/products). */
export const shop: Messages['shop'] = {
  products: {
    title: 'Products',
    description: "The school's paid courses and materials.",
    total: 'Products: {{count}}',
    create: 'Add a product',
    created: 'Product added',
    saved: 'Product saved',
    missing: 'Product not found',
    empty: 'No products yet',
    unlimited: 'unlimited',
    badPrice: 'Enter a price, e.g. 1500 or 1500.50',
    priceHint: 'In major units of the currency, at most two decimals.',
    quantityHint: 'For physical products; empty means unlimited.',
    courseHint: 'The course the buyer gets access to.',
    fields: {
      name: 'Name',
      description: 'Description',
      status: 'Status',
      shipment_type: 'Kind',
      payment_type: 'Payment',
      price: 'Price',
      currency: 'Currency',
      quantity: 'In stock',
      course_id: 'Course (id)',
    },
    statuses: { active: 'On sale', inactive: 'Withdrawn' },
    shipment: { digital: 'Digital', physical: 'Shipped' },
    payment: { forever: 'Forever', subscription: 'Subscription', voucher: 'Voucher' },
  },
};
