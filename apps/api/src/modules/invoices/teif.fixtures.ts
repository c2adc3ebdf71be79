import type { TeifInput } from './teif.js';

/** An invoice to a company, with two tax rates, a coupon spread over the lines and the stamp duty. */
export const TWO_RATES: TeifInput = {
  kind: 'invoice',
  number: '2026-00042',
  issuedAt: new Date('2026-05-14T23:30:00Z'), // 15 May in Tunis
  language: 'fr',
  seller: {
    name: 'Centre de Formation Démo SARL',
    taxId: '1234567ABM000',
    idType: 'I-01',
    address: '1 rue de la Liberté, 1002 Tunis',
    country: 'TN',
  },
  buyer: {
    name: 'Société Cliente & Fils',
    taxId: '7654321BAM000',
    idType: 'I-01',
    address: '5 avenue Habib Bourguiba',
    city: 'Sfax',
    postalCode: '3000',
    country: 'TN',
  },
  lines: [
    { code: 'course-a', name: 'Pâtisserie — niveau 1', qty: 2, unitPrice: 150, net: 270, rate: 19 },
    { code: 'course-b', name: 'تصميم الجرافيك', qty: 1, unitPrice: 80.5, net: 72.45, rate: 7 },
  ],
  shipping: 0,
  taxLines: [
    { rate: 7, base: 72.45, amount: 5.07 },
    { rate: 19, base: 270, amount: 51.3 },
  ],
  stampDuty: 1,
  total: 399.82,
};

