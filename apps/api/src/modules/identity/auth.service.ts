import type { ServiceContext } from '../../deps.js';
import type { AccessGuards } from '../../http/route.js';
import { requireAdmin, requireAuth } from '../../middleware/auth.js';
import { sessionUser } from './users.service.js';

/**
 * The auth module's public face (docs/decisions/0292): the guards behind
 * `access: 'user' | 'admin'` of apiRoutes; the token's user is read through the users service.
 */
export function accessGuards(
  ctx: Pick<ServiceContext, 'database' | 'config' | 'clock'>,
): AccessGuards {
  return {
    user: requireAuth({
      config: ctx.config,
      clock: ctx.clock,
      findUser: (id) => sessionUser(ctx.database.db, id),
    }),
    admin: requireAdmin,
  };
}
