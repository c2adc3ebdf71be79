import { vi } from 'vitest';
import * as leaveShop from '@/lib/leave-shop';

/**
 * Keeps the app in the page when it sends the browser to a provider's page (jsdom cannot
 * navigate): the spy records where it was sent. Restored after each test (setup.ts).
 */
export function watchLeavingShop() {
  return vi.spyOn(leaveShop, 'leaveShopFor').mockImplementation(() => undefined);
}
