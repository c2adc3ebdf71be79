import { randomBytes } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { Db } from '../db/client.js';
import { type courses } from '../modules/courses/courses.schema.js';
import { users } from '../modules/identity/identity.schema.js';
import { signUserToken } from '../lib/user-tokens.js';
import { insertCourse } from '../modules/courses/courses.repository.js';
import type { Config } from '../config.js';

type UserRow = typeof users.$inferSelect;
type CourseRow = typeof courses.$inferSelect;

const unique = () => randomBytes(4).toString('hex');

/** A low-cost hash: factories make many users and bcrypt cost only matters in production. */
const FACTORY_PASSWORD = 'password123';
const FACTORY_HASH = bcrypt.hashSync(FACTORY_PASSWORD, 4);

export interface UserFixture {
  user: UserRow;
  token: string;
  password: string;
}

/** A verified user (override anything) and a bearer token for it. */
export async function createUser(
  db: Db,
  config: Pick<Config, 'jwtSecret'>,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserFixture> {
  const [user] = await db
    .insert(users)
    .values({
      name: `User ${unique()}`,
      email: `user-${unique()}@example.com`,
      passwordHash: FACTORY_HASH,
      isVerified: true,
      ...overrides,
    })
    .returning();
  if (!user) throw new Error('user insert returned nothing');
  return { user, token: signUserToken(config.jwtSecret, user, new Date()), password: FACTORY_PASSWORD };
}

export const createAdmin = (db: Db, config: Pick<Config, 'jwtSecret'>, overrides: Partial<typeof users.$inferInsert> = {}) =>
  createUser(db, config, { isAdmin: true, ...overrides });

export async function createCourse(db: Db, overrides: Partial<typeof courses.$inferInsert> = {}): Promise<CourseRow> {
  return insertCourse(db, {
    name: `Course ${unique()}`,
    price: 50,
    description: 'A course for testing.',
    images: ['/images/courses/placeholder.svg'],
    category: ['Programming'],
    sizes: ['M'],
    availability: 10,
    ...overrides,
  });
}
