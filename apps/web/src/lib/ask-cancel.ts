import type { TFunction } from 'i18next';
import type { Order } from '@shop/shared';

/**
 * Asks before a cancel (issue 54). A customer confirms; an admin is asked the same question with
 * a field for the reason (optional, shown on the order and in the customer's mail). Answers the
 * mutation's argument, or null when the person kept the order.
 */
export function askCancel(order: Order, isAdmin: boolean, t: TFunction): { id: string; reason?: string } | null {
  const question = order.status === 'paid' ? t('common.confirmRefund') : t('common.confirmCancel');
  if (!isAdmin) return window.confirm(question) ? { id: order._id } : null;
  const answer = window.prompt(`${question}\n\n${t('common.cancelReasonPrompt')}`, '');
  if (answer === null) return null;
  const reason = answer.trim();
  return reason ? { id: order._id, reason } : { id: order._id };
}
