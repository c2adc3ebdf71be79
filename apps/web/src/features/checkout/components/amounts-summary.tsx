import type { OrderAmounts, TaxLine } from '@shop/shared';
import { formatMoney } from '@/lib/format';

interface Labels {
  items: string;
  shipping: string;
  tax: string;
  /** "Tax {{rate}} %": one row per rate when an order has several (issue 52). */
  taxAt?: string;
  stampDuty?: string;
  total: string;
}

/**
 * Items, shipping, tax and total in $ (checkout and order screens: docs/product.md#rules, "Prices"); a promo code's
 * discount on its own line after the items (issue 37), labelled by `discountLabel`.
 */
export function AmountsSummary({
  amounts,
  labels,
  discountLabel,
}: {
  amounts: OrderAmounts & { discountPrice?: number; taxLines?: TaxLine[]; stampDuty?: number };
  labels: Labels;
  discountLabel?: string;
}) {
  const discount = amounts.discountPrice ?? 0;
  const taxLines = amounts.taxLines ?? [];
  const stampDuty = amounts.stampDuty ?? 0;
  const money = (amount: number) => formatMoney(amount, 'checkout');
  const rows: [string, string][] = [
    [labels.items, money(amounts.itemsPrice)],
    ...(discount > 0 ? [[discountLabel ?? '', `−${money(discount)}`] as [string, string]] : []),
    [labels.shipping, money(amounts.shippingPrice)],
    // Issue 52: tax per rate when there are several, and the stamp duty on its own row.
    ...(taxLines.length > 1 && labels.taxAt
      ? taxLines.map((line): [string, string] => [labels.taxAt!.replace('{{rate}}', String(line.rate)), money(line.amount)])
      : [[labels.tax, money(amounts.taxPrice)] as [string, string]]),
    ...(stampDuty > 0 ? [[labels.stampDuty ?? '', money(stampDuty)] as [string, string]] : []),
  ];
  return (
    <dl className="amounts">
      {rows.map(([label, amount]) => (
        <div className="amounts__row" key={label}>
          <dt>{label}</dt>
          <dd>
            <bdi>{amount}</bdi>
          </dd>
        </div>
      ))}
      <div className="amounts__row amounts__row--total">
        <dt>{labels.total}</dt>
        <dd>{formatMoney(amounts.totalPrice, 'checkout')}</dd>
      </div>
    </dl>
  );
}
