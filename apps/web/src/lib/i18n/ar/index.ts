import type { Catalogue } from '../catalogue-type';
import { common } from './common';
import { catalogue } from './catalogue';
import { account } from './account';
import { checkout } from './checkout';
import { admin } from './admin';
import { sessions } from './sessions';
import { roster } from './roster';
import { payer } from './payer';
import { certificates } from './certificates';
import { coupons } from './coupons';
import { texts } from './texts';
import { errors, messages, validation } from './messages';

/**
 * Arabic catalogue (one file per feature, as en/; loaded on demand, shown right to left). Same keys as English; plurals
 * follow Arabic's six forms: _zero, _one, _two, _few, _many, _other.
 */
const ar = {
  common,
  catalogue,
  account,
  checkout,
  admin,
  sessions,
  roster,
  payer,
  certificates,
  coupons,
  texts,
  errors,
  messages,
  validation,
} satisfies Catalogue;

export default ar;
