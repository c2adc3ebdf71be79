/** Helpers the journeys share: calling the shop's API directly, and watching a page for errors. */
import type { Page } from 'playwright-core';
import { baseUrl } from './browser.js';

/** A JSON call to the shop's API (setting things up, checking what the screens did). */
export async function api<T>(
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const answer = await fetch(`${baseUrl()}/api${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await answer.json()) as T & { message?: string };
  if (!answer.ok) throw new Error(`${method} ${pathname}: ${answer.status} ${json.message ?? ''}`);
  return json;
}

/** Collects uncaught errors and console errors of the page, so a journey can assert none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
