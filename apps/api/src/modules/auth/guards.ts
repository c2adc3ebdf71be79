import type { ServiceContext } from '../../deps.js';
import type { AccessGuards } from '../../http/route.js';
import { requireAdmin, requireAuth } from '../../middleware/auth.js';
import { findSessionUser } from '../users/users.repository.js';

/** The guards behind `access: 'user' | 'admin'` of apiRoutes: the token's user is read through the users repository. */
export function accessGuards(ctx: Pick<ServiceContext, 'database' | 'config' | 'clock'>): AccessGuards {
  return {
    user: requireAuth({ config: ctx.config, clock: ctx.clock, findUser: (id) => findSessionUser(ctx.database.db, id) }),
    admin: requireAdmin,
  };
}
