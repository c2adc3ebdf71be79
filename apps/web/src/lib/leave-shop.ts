/** Sends the browser to a page outside the app (a payment provider's page). */
export function leaveShopFor(url: string): void {
  window.location.assign(url);
}
