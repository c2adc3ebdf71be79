import type { OrderAmounts } from '@shop/shared';
import { formatMoney } from '@/lib/format';

interface Labels {
  items: string;
  shipping: string;
  tax: string;
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
  amounts: OrderAmounts & { discountPrice?: number };
  labels: Labels;
  discountLabel?: string;
}) {
  const discount = amounts.discountPrice ?? 0;
  const money = (amount: number) => formatMoney(amount, 'checkout');
  const rows: [string, string][] = [
    [labels.items, money(amounts.itemsPrice)],
    ...(discount > 0 ? [[discountLabel ?? '', `−${money(discount)}`] as [string, string]] : []),
    [labels.shipping, money(amounts.shippingPrice)],
    [labels.tax, money(amounts.taxPrice)],
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
