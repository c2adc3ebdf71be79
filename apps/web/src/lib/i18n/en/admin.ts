/** User-visible text of the admin screens. */
export const admin = {} as const;
