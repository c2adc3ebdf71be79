import { account } from './en/account';
import { admin } from './en/admin';
import { catalogue } from './en/catalogue';
import { checkout } from './en/checkout';
import { common } from './en/common';

/**
 * The message catalogue: every user-visible text of the client comes from here (English, as
 * SPEC.md gives it). A French or Arabic catalogue of the same shape can be added later and
 * chosen here without touching components.
 */
export const text = { common, catalogue, account, checkout, admin } as const;
export type Text = typeof text;
