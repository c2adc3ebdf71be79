/** User-visible text of the checkout screens. */
export const checkout = {} as const;
