import { account } from './account';
import { admin } from './admin';
import { catalogue } from './catalogue';
import { certificates } from './certificates';
import { checkout } from './checkout';
import { common } from './common';
import { coupons } from './coupons';
import { texts } from './texts';
import { errors, messages, validation } from './messages';
import { sessions } from './sessions';
import { roster } from './roster';
import { payer } from './payer';

/**
 * The English catalogue (the shop's original texts), the shape every language follows and the source of
 * the message keys' types (i18next.d.ts). Values use i18next's `{{name}}` interpolation and
 * `_one`/`_other` plural keys.
 */
export const en = {
  common,
  catalogue,
  account,
  checkout,
  admin,
  certificates,
  sessions,
  roster,
  payer,
  coupons,
  texts,
  errors,
  messages,
  validation,
} as const;
