import type { Messages } from '../ru';

/** The shop (000 §2: /m/products). */
export const shop: Messages['shop'] = {
  products: {
    title: 'Тауарлар',
    description: 'Мектептің ақылы курстары мен материалдары.',
    total: 'Барлық тауар: {{count}}',
    create: 'Тауар қосу',
    created: 'Тауар қосылды',
    saved: 'Тауар сақталды',
    missing: 'Тауар табылмады',
    empty: 'Әзірге тауар жоқ',
    unlimited: 'шектеусіз',
    badPrice: 'Бағаны енгізіңіз, мысалы 1500 немесе 1500,50',
    priceHint: 'Валютаның негізгі бірлігінде, үтірден кейін екі таңбадан аспайды.',
    quantityHint: 'Физикалық тауарлар үшін; бос болса — шектеусіз.',
    courseHint: 'Сатып алушы қол жеткізетін курс.',
    fields: {
      name: 'Атауы',
      description: 'Сипаттамасы',
      status: 'Күйі',
      shipment_type: 'Түрі',
      payment_type: 'Төлем',
      price: 'Бағасы',
      currency: 'Валюта',
      quantity: 'Қалдығы',
      course_id: 'Курс (id)',
    },
    statuses: { active: 'Сатылымда', inactive: 'Сатылымнан алынды' },
    shipment: { digital: 'Цифрлық', physical: 'Жеткізумен' },
    payment: { forever: 'Мәңгілік', subscription: 'Жазылым', voucher: 'Ваучер' },
  },
};
