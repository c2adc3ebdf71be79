import type { OrderAmounts } from '@shop/shared';
import { formatMoney } from '@/lib/format';

interface Labels {
  items: string;
  shipping: string;
  tax: string;
  total: string;
}

/** Items, shipping, tax and total in $ (SPEC §9: checkout and order screens). */
export function AmountsSummary({ amounts, labels }: { amounts: OrderAmounts; labels: Labels }) {
  const rows = [
    [labels.items, amounts.itemsPrice],
    [labels.shipping, amounts.shippingPrice],
    [labels.tax, amounts.taxPrice],
  ] as const;
  return (
    <dl className="amounts">
      {rows.map(([label, amount]) => (
        <div className="amounts__row" key={label}>
          <dt>{label}</dt>
          <dd>{formatMoney(amount, 'checkout')}</dd>
        </div>
      ))}
      <div className="amounts__row amounts__row--total">
        <dt>{labels.total}</dt>
        <dd>{formatMoney(amounts.totalPrice, 'checkout')}</dd>
      </div>
    </dl>
  );
}
