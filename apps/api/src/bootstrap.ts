import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from './config.js';
import type { Clock } from './lib/clock.js';
import type { Logger } from './logger.js';
import { countCourses } from './modules/courses/courses.repository.js';
import { hashPassword } from './modules/identity/passwords.js';
import type { Database, DbOrTx } from './db/client.js';
import { users } from './modules/identity/identity.schema.js';
import { loadDemoCatalogue } from './seed/demo.js';

/** Serialises start-up tasks when several API instances start against one database. */
const BOOTSTRAP_LOCK = 727_120_002;

export interface BootstrapDeps {
  database: Database;
  config: Pick<Config, 'env' | 'adminEmail' | 'adminPassword' | 'seedDemo'>;
  clock: Clock;
  logger: Pick<Logger, 'info'>;
}

export type AdminOutcome = 'exists' | 'created' | 'promoted';

export interface BootstrapReport {
  admin: AdminOutcome;
  /** Number of demo courses loaded (0 when seeding is off or the catalogue had courses). */
  demoCourses: number;
}

/**
 * Creates the admin account of ADMIN_EMAIL / ADMIN_PASSWORD (verified) when no admin
 * exists. If a regular account already uses that address, the operator's configuration
 * wins: it becomes the admin with the configured password.
 */
async function ensureAdmin(db: DbOrTx, deps: BootstrapDeps): Promise<AdminOutcome> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.isAdmin, true))
    .limit(1);
  if (admin) return 'exists';
  const { adminEmail, adminPassword, env } = deps.config;
  const passwordHash = await hashPassword(env, adminPassword);
  const [created] = await db
    .insert(users)
    .values({
      name: 'Admin',
      email: adminEmail.toLowerCase(),
      passwordHash,
      isAdmin: true,
      isVerified: true,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (created) return 'created';
  await db
    .update(users)
    .set({
      isAdmin: true,
      isVerified: true,
      passwordHash,
      passwordChangedAt: deps.clock.now(),
      updatedAt: deps.clock.now(),
    })
    .where(sql`lower(${users.email}) = ${adminEmail.toLowerCase()}`);
  return 'promoted';
}

/**
 * The start log's line about the admin account. The configured password is printed only when
 * this start just gave it to the account (created or promoted), and never in production: once
 * the admin changed it in the shop, ADMIN_PASSWORD is stale and printing it would mislead.
 */
export function adminSignInLine(config: Pick<Config, 'env' | 'adminEmail' | 'adminPassword'>, outcome: AdminOutcome): string {
  if (outcome === 'exists')
    return 'An admin account exists: sign in with its own password (ADMIN_PASSWORD is only used to create the first admin).';
  const password = config.env === 'production' ? '(ADMIN_PASSWORD)' : config.adminPassword;
  return `Admin account ${config.adminEmail} ${outcome}. Admin sign-in: ${config.adminEmail} / ${password}`;
}

/**
 * Start-up tasks, run once per start after the migrations: the admin account, then the
 * demo catalogue (only into an empty catalogue, only when SEED_DEMO is on). One transaction
 * under an advisory lock, so instances starting together do it once, and a failure leaves
 * nothing half-loaded.
 */
export async function bootstrap(deps: BootstrapDeps): Promise<BootstrapReport> {
  const report = await deps.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${BOOTSTRAP_LOCK})`);
    const admin = await ensureAdmin(tx, deps);
    let demoCourses = 0;
    if (deps.config.seedDemo && (await countCourses(tx)) === 0) {
      // Demo reviewers get a random password nobody knows: they exist only to sign reviews.
      const reviewerHash = await hashPassword(
        deps.config.env,
        randomBytes(24).toString('base64url'),
      );
      demoCourses = await loadDemoCatalogue(tx, deps.clock.now(), reviewerHash);
    }
    return { admin, demoCourses };
  });
  deps.logger.info(adminSignInLine(deps.config, report.admin));
  if (report.demoCourses > 0)
    deps.logger.info(`Demo catalogue loaded: ${report.demoCourses} courses`);
  return report;
}
