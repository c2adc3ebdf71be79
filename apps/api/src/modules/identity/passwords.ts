import bcrypt from 'bcryptjs';
import type { Config } from '../../config.js';

/** bcrypt cost 10; tests may go lower for speed (they only need a valid hash), nothing else may. */
export function passwordHashCost(env: Config['env']): number {
  return env === 'test' ? 4 : 10;
}

/** The bcrypt hash stored for a password: of accounts, the admin, the demo reviewers. */
export function hashPassword(env: Config['env'], password: string): Promise<string> {
  return bcrypt.hash(password, passwordHashCost(env));
}
