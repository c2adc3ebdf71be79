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

/** French catalogue (one file per feature, as en/; loaded on demand). Same keys as English; plurals: _one, _many, _other. */
const fr = {
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

export default fr;
