import { describe, expect, it } from 'vitest';
import type { Language } from '@shop/shared';
import { loadConfig } from '../../../config.js';
import { orderPlacedMail, proofRejectedMail } from './order-mails.js';
import { NO_REFUND, type OrderRecord } from './orders.repository.js';

const config = loadConfig({
  NODE_ENV: 'test',
  DATABASE_URL: 'memory://',
  JWT_SECRET: 'test-secret-that-is-long-enough',
  APP_URL: 'https://shop.example.tn',
  SHOP_BANK_ACCOUNT: 'TN59 1000 6035 0000 1234 5678',
  SHOP_D17_NUMBER: '22 333 444',
});

const transferOrder = (language: Language): OrderRecord => ({
  id: '3fa2b1c4-0000-4000-8000-000000000001',
  userId: 'u1',
  userName: 'Nour',
  userEmail: 'nour@example.tn',
  userLanguage: language,
  address: '5 Rue du Lac',
  city: 'Tunis',
  postalCode: '1053',
  country: 'Tunisie',
  paymentMethod: 'Transfer',
  itemsPrice: 120,
  shippingPrice: 0,
  taxPrice: 18,
  totalPrice: 138,
  isPaid: false,
  paidAt: null,
  isLearned: false,
  learnedAt: null,
  createdAt: new Date('2026-11-26T10:00:00Z'),
  status: 'pending',
  holdExpiresAt: new Date('2026-11-29T10:00:00Z'),
  cancelledAt: null,
  refundedAt: null,
  invoiceNumber: null,
  paymentResult: null,
  invoiceTo: null,
  ...NO_REFUND,
  lines: [],
});

describe('Transfer order mails', () => {
  it.each([
    ['en', 'Bank account (RIB/IBAN): TN59', 'D17 number: 22 333 444', 'Reference: 3fa2b1c4', 'Amount to pay: 138.00 TND'],
    ['fr', 'Compte bancaire (RIB/IBAN) : TN59', 'Numéro D17 : 22 333 444', 'Référence : 3fa2b1c4', 'Montant à payer : 138.00 TND'],
    ['ar', 'الحساب البنكي (RIB/IBAN): TN59', 'رقم D17: 22 333 444', 'المرجع: 3fa2b1c4', 'المبلغ المطلوب: 138.00 TND'],
  ] as const)('say where to pay, with the order number as reference, in %s', (language, account, d17, reference, amount) => {
    const mail = orderPlacedMail(transferOrder(language), config);
    for (const line of [account, d17, reference, amount]) {
      expect(mail.text).toContain(line);
      expect(mail.html).toContain(line.split(':')[0]!.trim());
    }
    if (language === 'ar') expect(mail.html).toContain('dir="rtl"');
  });

  it('leave out what the shop has not set', () => {
    const d17Only = { ...config, transfer: { bankAccount: '', d17Number: '22 333 444' } };
    const mail = orderPlacedMail(transferOrder('en'), d17Only);
    expect(mail.text).not.toContain('Bank account');
    expect(mail.text).toContain('D17 number: 22 333 444');
  });

  it('tell the customer why a proof was rejected, in their language', () => {
    const mail = proofRejectedMail(transferOrder('ar'), config, 'المبلغ غير مطابق', new Date());
    expect(mail.subject).toBe('لم يتم قبول إثبات الدفع للطلب 3fa2b1c4');
    expect(mail.text).toContain('السبب: المبلغ غير مطابق');
    expect(mail.link).toBe('https://shop.example.tn/order/3fa2b1c4-0000-4000-8000-000000000001');
  });
});
