import type { Response } from 'express';
import { z } from 'zod';
import type { ServiceContext } from '../../../deps.js';
import { idParams, type ApiRoutes } from '../../../http/route.js';
import { creditNoteQuerySchema, MESSAGES } from '@shop/shared';
import { getCreditNote, getInvoice } from './order-documents.service.js';
import { getAttendanceCertificate, getTrainingAgreement } from './training-documents.js';

const pdfAnswer = z.string().meta({ format: 'binary', description: 'A PDF document' });

/** A personal document: downloaded under its name, kept by no shared cache. */
function sendPdf(res: Response, pdf: Buffer, filename: string): void {
  res.setHeader('Content-Type', 'application/pdf');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(pdf);
}

/** The order's documents (issue 31): the invoice as issued at payment, and the credit note of its refund. */
export function orderDocumentRoutes(routes: ApiRoutes, ctx: ServiceContext): void {
  const params = idParams(MESSAGES.orderNotFound);

  routes.get(
    '/:id/invoice',
    {
      summary: 'The PDF invoice of a paid order (owner or admin), as issued at payment',
      description:
        'The invoice keeps what it said when the order was paid (buyer or the company of `invoiceTo`, the centre, lines, amounts, tax rate), ' +
        'in the buyer’s language; a paid order cancelled afterwards keeps it. An order never paid: 409 naming its state. ' +
        'Orders paid before invoices were kept, while invoices are not configured (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_TAX_ID): 503.',
      access: 'user',
      params,
      answer: pdfAnswer,
      answerType: 'application/pdf',
      answerHeaders: {
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="invoice-YYYY-NNNNN.pdf"' }),
      },
      errors: [403, 409],
    },
    async ({ params: { id }, user }, _req, res) => {
      const { pdf, invoiceNumber } = await getInvoice(ctx, user, id);
      sendPdf(res, pdf, `invoice-${invoiceNumber}.pdf`);
    },
  );

  routes.get(
    '/:id/credit-note',
    {
      summary: 'A PDF credit note of a refunded order (owner or admin)',
      description:
        'Once a refund is recorded as done (`refunds[].status: done`): the credit note `AV-YYYY-NNNNN` naming the invoice it cancels, ' +
        'the date, the buyer as on the invoice and the amount refunded, in the invoice’s language. Each refund made has its own: ' +
        '`?number=AV-…` names it (without: the first). Before any refund was made: 409 `{message}`; a number the order has not: 404.',
      access: 'user',
      params,
      query: creditNoteQuerySchema,
      answer: pdfAnswer,
      answerType: 'application/pdf',
      answerHeaders: {
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="credit-note-AV-YYYY-NNNNN.pdf"' }),
      },
      errors: [400, 403, 404, 409],
    },
    async ({ params: { id }, query, user }, _req, res) => {
      const { pdf, creditNoteNumber } = await getCreditNote(ctx, user, id, query.number);
      sendPdf(res, pdf, `credit-note-${creditNoteNumber}.pdf`);
    },
  );

  // Issue 51: what a company files for its training-tax advance (TFP).
  routes.get(
    '/:id/agreement',
    {
      summary: 'The PDF training agreement (convention de formation) of an order invoiced to a company (buyer or admin)',
      description:
        'Between the centre (name, address, matricule fiscal, SHOP_TRAINING_AUTHORISATION) and the company of `invoiceTo` ' +
        '(name, address, matricule fiscal): each course with its session dates, hours, schedule, place, trainer and the named ' +
        'learners, then the price before tax, the tax and the total; in the buyer’s language (Arabic right to left). ' +
        'An order without `invoiceTo`: 409 `NO_COMPANY`; cancelled or expired, or without a dated session: 409.',
      access: 'user',
      params,
      answer: pdfAnswer,
      answerType: 'application/pdf',
      answerHeaders: {
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="agreement-XXXXXXXX.pdf"' }),
      },
      errors: [403, 409],
    },
    async ({ params: { id }, user }, _req, res) => {
      sendPdf(res, await getTrainingAgreement(ctx, user, id), `agreement-${id.slice(0, 8)}.pdf`);
    },
  );

  routes.get(
    '/:id/attendance-certificate',
    {
      summary: 'The PDF attendance certificate (attestation de présence) of a paid order whose session ended (buyer or admin)',
      description:
        'One page per learner of each line whose session has ended: the learner, the company if any, the course, the ' +
        'session, the days present of the days held (the meetings’ Tunis days, or every day of the session) and the hours ' +
        'attended (`hours` × present ÷ held, rounded to the half hour; blank when the session has no hours). In the ' +
        'buyer’s language. Before the session ends, for an unpaid order or one without a dated session: 409.',
      access: 'user',
      params,
      answer: pdfAnswer,
      answerType: 'application/pdf',
      answerHeaders: {
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="attendance-XXXXXXXX.pdf"' }),
      },
      errors: [403, 409],
    },
    async ({ params: { id }, user }, _req, res) => {
      sendPdf(res, await getAttendanceCertificate(ctx, user, id), `attendance-${id.slice(0, 8)}.pdf`);
    },
  );
}
