import type { Language } from '@shop/shared';

/**
 * The words of the invoice and credit note PDFs in the shop's three languages (issue 31). The
 * Arabic ones are pure Arabic: the renderer draws a label and its Latin value (numbers, e-mail,
 * ids) as separate texts, since a single text mixing both would not be reordered (no bidi pass).
 */
export interface DocumentTexts {
  invoiceTitle: string;
  creditNoteTitle: string;
  taxId: string;
  invoiceNumber: string;
  creditNoteNumber: string;
  cancelsInvoice: string;
  invoiceDate: string;
  date: string;
  order: string;
  paymentMethod: string;
  paymentReference: string;
  billedTo: string;
  companyTaxId: string;
  /** A person's identity card number (issue 52). */
  personTaxId: string;
  /** The droit de timbre (issue 52). */
  stampDuty: string;
  /** "base" of a rate's tax, when an invoice has several rates. */
  taxBase: string;
  course: string;
  qty: string;
  unitPrice: string;
  amount: string;
  items: string;
  /** The coupon's line (issue 37), with its code. */
  discount: string;
  shipping: string;
  tax: string;
  total: string;
  refunded: string;
  creditNoteNote: string;
  payment: Record<string, string>;
}

export const DOCUMENT_TEXTS: Record<Language, DocumentTexts> = {
  en: {
    invoiceTitle: 'INVOICE',
    creditNoteTitle: 'CREDIT NOTE',
    taxId: 'Tax ID',
    invoiceNumber: 'Invoice number',
    creditNoteNumber: 'Credit note number',
    cancelsInvoice: 'Cancels invoice',
    invoiceDate: 'Invoice date',
    date: 'Date',
    order: 'Order',
    paymentMethod: 'Payment method',
    paymentReference: 'Payment reference',
    billedTo: 'Billed to',
    companyTaxId: 'Tax ID (matricule fiscal)',
    personTaxId: 'Identity card (CIN)',
    stampDuty: 'Stamp duty',
    taxBase: 'on',
    course: 'Course',
    qty: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    items: 'Items',
    discount: 'Discount',
    shipping: 'Shipping',
    tax: 'Tax',
    total: 'Total',
    refunded: 'Amount refunded',
    creditNoteNote: 'This credit note cancels the order named above: the amount refunded was paid back to the buyer.',
    payment: { Card: 'Card', 'In Place': 'Paid on site', Transfer: 'Bank transfer / D17' },
  },
  fr: {
    invoiceTitle: 'FACTURE',
    creditNoteTitle: 'AVOIR',
    taxId: 'Matricule fiscal',
    invoiceNumber: 'Numéro de facture',
    creditNoteNumber: 'Numéro d’avoir',
    cancelsInvoice: 'Annule la facture',
    invoiceDate: 'Date de la facture',
    date: 'Date',
    order: 'Commande',
    paymentMethod: 'Mode de paiement',
    paymentReference: 'Référence du paiement',
    billedTo: 'Facturé à',
    companyTaxId: 'Matricule fiscal',
    personTaxId: 'CIN',
    stampDuty: 'Droit de timbre',
    taxBase: 'sur',
    course: 'Formation',
    qty: 'Qté',
    unitPrice: 'Prix unitaire',
    amount: 'Montant',
    items: 'Articles',
    discount: 'Remise',
    shipping: 'Livraison',
    tax: 'TVA',
    total: 'Total',
    refunded: 'Montant remboursé',
    creditNoteNote: 'Cet avoir annule la commande indiquée ci-dessus : le montant remboursé a été rendu à l’acheteur.',
    payment: { Card: 'Carte', 'In Place': 'Payé sur place', Transfer: 'Virement / D17' },
  },
  ar: {
    invoiceTitle: 'فاتورة',
    creditNoteTitle: 'إشعار دائن',
    taxId: 'المعرف الجبائي',
    invoiceNumber: 'رقم الفاتورة',
    creditNoteNumber: 'رقم الإشعار الدائن',
    cancelsInvoice: 'يلغي الفاتورة',
    invoiceDate: 'تاريخ الفاتورة',
    date: 'التاريخ',
    order: 'الطلب',
    paymentMethod: 'طريقة الدفع',
    paymentReference: 'مرجع الدفع',
    billedTo: 'الفاتورة باسم',
    companyTaxId: 'المعرف الجبائي',
    personTaxId: 'رقم بطاقة التعريف الوطنية',
    stampDuty: 'معلوم الطابع الجبائي',
    taxBase: 'على',
    course: 'الدورة',
    qty: 'الكمية',
    unitPrice: 'سعر الوحدة',
    amount: 'المبلغ',
    items: 'المشتريات',
    discount: 'الخصم',
    shipping: 'التوصيل',
    tax: 'الضريبة',
    total: 'المجموع',
    refunded: 'المبلغ المسترجع',
    creditNoteNote: 'يلغي هذا الإشعار الدائن الطلب المذكور أعلاه وقد أعيد المبلغ المسترجع إلى المشتري',
    payment: { Card: 'بطاقة', 'In Place': 'الدفع في المركز', Transfer: 'تحويل بنكي / D17' },
  },
};
