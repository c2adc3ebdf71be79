import { once } from 'node:events';
import type { Response } from 'express';
import { stringify } from 'csv-stringify';
import { formatAmount, type OrderFilter } from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import { eachOrderBatch } from './order-list.repository.js';
import type { OrderLineRecord, OrderRecord } from './orders.repository.js';
import { orderTaxLines } from './order-tax.js';

/** The columns of the export, one row per order line (the order's fields repeat on each line). */
export const EXPORT_COLUMNS = [
  'Order',
  'Placed at',
  'Customer',
  'E-mail',
  'Status',
  'Payment method',
  'Paid at',
  'Learned at',
  'Invoice',
  'Course',
  'Course id',
  'Session start',
  'Session end',
  'Seats',
  'Unit price',
  'Line total',
  'Items',
  'Coupon',
  'Discount',
  'Shipping',
  'Tax',
  'Order total',
  // Issue 52 (after the columns of before, so existing readers keep their places).
  'Tax per rate',
  'Stamp duty',
] as const;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab / carriage return) as a
 * formula: a customer named "=HYPERLINK(…)" must stay text, so such cells get a leading '.
 */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const noop = () => undefined;

const instant = (at: Date | null) => at?.toISOString() ?? '';

function rowOf(order: OrderRecord, line: OrderLineRecord): string[] {
  return [
    order.id,
    instant(order.createdAt),
    asText(order.userName),
    asText(order.userEmail),
    order.status,
    order.paymentMethod,
    instant(order.paidAt),
    instant(order.learnedAt),
    order.invoiceNumber ?? '',
    asText(line.name),
    line.courseId ?? '',
    instant(line.session?.startsAt ?? null),
    instant(line.session?.endsAt ?? null),
    String(line.qty),
    formatAmount(line.price),
    formatAmount(line.price * line.qty),
    formatAmount(order.itemsPrice),
    asText(order.couponCode ?? ''),
    formatAmount(order.discountPrice ?? 0),
    formatAmount(order.shippingPrice),
    formatAmount(order.taxPrice),
    formatAmount(order.totalPrice),
    // "7%: 1.40 on 20.00; 19%: 3.80 on 20.00"
    orderTaxLines(order)
      .map((t) => `${t.rate}%: ${formatAmount(t.amount)} on ${formatAmount(t.base)}`)
      .join('; '),
    formatAmount(order.stampDuty ?? 0),
  ];
}

/**
 * Streams the matching orders as CSV (UTF-8 with a BOM, so Excel reads Arabic and French
 * names right), one row per order line, amounts with two decimals. Orders are read 1000 at a
 * time and written as the client takes them (backpressure): memory stays flat at any size.
 * The first batch is read before anything is sent, so a database outage is still a 503.
 */
export async function sendOrdersCsv(
  ctx: ServiceContext,
  filter: OrderFilter,
  res: Response,
): Promise<void> {
  const batches = eachOrderBatch(ctx.database.db, filter);
  const first = await batches.next();
  const day = ctx.clock.now().toISOString().slice(0, 10);
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="orders-${day}.csv"`);
  res.setHeader('Cache-Control', 'private, no-store');
  const csv = stringify({
    bom: true,
    header: true,
    columns: [...EXPORT_COLUMNS],
    record_delimiter: '\r\n',
  });
  csv.pipe(res);
  let gone = false;
  res.once('close', () => {
    gone = true;
    csv.destroy();
  });
  // Waits until the client took what is buffered, or left (then the export stops).
  const drained = async () => {
    const stop = new AbortController();
    const settled = (event: string) => once(csv, event, { signal: stop.signal }).then(noop, noop);
    await Promise.race([settled('drain'), settled('close')]);
    stop.abort();
  };
  const write = async (orders: OrderRecord[]) => {
    for (const order of orders)
      for (const line of order.lines) if (!csv.write(rowOf(order, line)) && !gone) await drained();
  };
  try {
    if (!first.done) await write(first.value);
    for await (const orders of batches) {
      if (gone) break;
      await write(orders);
    }
    csv.end();
  } catch (err) {
    // The answer has started: the client can only be told by a cut connection.
    ctx.logger.error({ err }, 'orders export failed midway');
    res.destroy();
  }
}
