import { Router, type Response } from 'express';
import { z } from 'zod';
import { creditNoteQuerySchema, invoiceExportQuerySchema, MESSAGES, orderSchema, ttnBodySchema } from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { apiRoutes, idParams } from '../../http/route.js';
import { exportInvoices } from './invoice-export.service.js';
import { getCreditNoteXml, getInvoiceXml, recordCreditNoteTtn, recordInvoiceTtn } from './teif.service.js';

const xmlAnswer = z.string().meta({ description: 'A TEIF 1.8.9 XML document (TTN El Fatoora)' });

/** An e-invoice: downloaded under its name, kept by no shared cache. */
function sendXml(res: Response, xml: string, filename: string): void {
  res.setHeader('Content-Type', 'application/xml; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${filename}"`);
  res.setHeader('Cache-Control', 'private, no-store');
  res.send(xml);
}

/**
 * The order's e-invoices (issue 52), mounted beside the order routes under `/api/orders`: the
 * invoice and credit notes in TTN's TEIF format, and the references El Fatoora gave them.
 */
export function orderEInvoiceRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);
  const params = idParams(MESSAGES.orderNotFound);

  routes.get(
    '/:id/invoice.xml',
    {
      summary: 'The invoice as a TEIF 1.8.9 e-invoice (buyer or admin), for El Fatoora',
      description:
        'TTN’s Tunisian Electronic Invoice Format (root `TEIF`, `version="1.8.9"`, `controlingAgency="TTN"`), document type `I-11`, ' +
        'seller `I-62`, buyer `I-64`, one line per order line with its tax, VAT per rate (`I-1602`), the stamp duty (`I-1601`), ' +
        'amounts with three decimals, drawn from the invoice as issued. Signed (enveloped XAdES-BES, `Id="SigFrs"`) when ' +
        'TEIF_SEAL_P12 is set. 409 before payment; 409 `BUYER_NOT_IDENTIFIED` when the invoice names no company or person with a tax id.',
      access: 'user',
      params,
      answer: xmlAnswer,
      answerType: 'application/xml',
      answerHeaders: {
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="invoice-YYYY-NNNNN.xml"' }),
      },
      errors: [403, 409],
    },
    async ({ params: { id }, user }, _req, res) => {
      const { xml, invoiceNumber } = await getInvoiceXml(ctx, user, id);
      sendXml(res, xml, `invoice-${invoiceNumber}.xml`);
    },
  );

  routes.get(
    '/:id/credit-note.xml',
    {
      summary: 'A credit note as a TEIF 1.8.9 e-invoice (buyer or admin)',
      description:
        'Document type `I-12`, referring to the invoice it cancels (`I-85`, and its TTN reference `I-88` once recorded); ' +
        '`?number=AV-…` names it (without: the first made). 409 before the refund is made, or when the buyer is not identified ' +
        '(`BUYER_NOT_IDENTIFIED`); 404 for a number the order has not.',
      access: 'user',
      params,
      query: creditNoteQuerySchema,
      answer: xmlAnswer,
      answerType: 'application/xml',
      answerHeaders: {
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="credit-note-AV-YYYY-NNNNN.xml"' }),
      },
      errors: [400, 403, 404, 409],
    },
    async ({ params: { id }, query, user }, _req, res) => {
      const { xml, creditNoteNumber } = await getCreditNoteXml(ctx, user, id, query.number);
      sendXml(res, xml, `credit-note-${creditNoteNumber}.xml`);
    },
  );

  routes.put(
    '/:id/invoice/ttn',
    {
      summary: 'Record the reference El Fatoora gave the invoice (admin)',
      description:
        '`{reference}` (1–70 characters): the unique reference Tunisie TradeNet gave the invoice once the centre uploaded its TEIF file. ' +
        'The order answers `invoiceTtn: {reference, recordedAt}`; the invoice PDF then carries « Copie de la facture électronique ' +
        'enregistrée auprès de Tunisie TradeNet sous la référence unique n° … ». Recording again replaces it. 409 before payment.',
      access: 'admin',
      params,
      body: ttnBodySchema,
      answer: orderSchema,
      errors: [400, 404, 409],
    },
    ({ params: { id }, body }) => recordInvoiceTtn(ctx, id, body.reference),
  );

  routes.put(
    '/:id/credit-note/ttn',
    {
      summary: 'Record the reference El Fatoora gave a credit note (admin)',
      description:
        '`{reference, number?}`: the credit note `number` (default: the first made) gets `creditNoteTtn` in `refunds[]` ' +
        '(and the order’s `creditNoteTtn` for the first); its PDF then carries the TTN mention. 409 before any refund is made, 404 for an unknown number.',
      access: 'admin',
      params,
      body: ttnBodySchema,
      answer: orderSchema,
      errors: [400, 404, 409],
    },
    ({ params: { id }, body }) => recordCreditNoteTtn(ctx, id, body.reference, body.number),
  );
  return router;
}

/** `/api/invoices` (issue 52): the accountant's export of a period's invoices and credit notes. */
export function invoicesRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);
  routes.get(
    '/export',
    {
      summary: 'The accountant’s export: a ZIP of a period’s invoices and credit notes (admin)',
      description:
        'Every invoice and credit note issued in the Tunis days `from`..`to` (inclusive), as PDF and TEIF XML (signed when ' +
        'TEIF_SEAL_P12 is set; XML only for an identified buyer), under `invoices/` and `credit-notes/`, with `index.csv`: number, type, ' +
        'date, buyer, tax id, base and tax per rate, stamp duty, total (a credit note’s negative), TTN reference. Streamed: memory stays ' +
        'bounded however many documents.',
      access: 'admin',
      query: invoiceExportQuerySchema,
      answer: z.string().meta({ format: 'binary', description: 'A ZIP archive' }),
      answerType: 'application/zip',
      answerHeaders: {
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="invoices-FROM-TO.zip"' }),
      },
      errors: [400],
    },
    async ({ query }, _req, res) => {
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', `attachment; filename="invoices-${query.from}-${query.to}.zip"`);
      res.setHeader('Cache-Control', 'private, no-store');
      await exportInvoices(ctx, query, res);
    },
  );
  return router;
}
