/**
 * The query plans behind the measured paths: EXPLAIN (costs, no ANALYZE) of every statement
 * a catalogue request runs. A "Seq Scan on courses" reads the whole table: flagged.
 */
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { CourseQuery } from '../../packages/shared/src/index.js';
import { openDatabase } from '../../apps/api/src/db/client.js';
import { catalogueQueries } from '../../apps/api/src/modules/catalogue/catalogue.repository.js';
import { catalogueVersionQuery } from '../../apps/api/src/modules/catalogue/catalogue-version.js';
import { orderStatement } from '../../apps/api/src/modules/enrolment/orders/orders.repository.js';

export interface PlanCheck {
  shape: string;
  statement: string;
  plan: string;
  seqScanOnCourses: boolean;
}

interface Statement {
  sql: string;
  params: unknown[];
}

const dialect = new PgDialect();

export async function explainCatalogue(
  url: string,
  shapes: Record<string, CourseQuery>,
  courseId: string,
  /** Courses of the order whose placement statement is EXPLAINed too (two lines). */
  orderCourseIds: readonly [string, string],
): Promise<PlanCheck[]> {
  // Drizzle builds the statements exactly as the API does; pg runs EXPLAIN on them.
  // Two connections: openDatabase migrates on one while holding the migration lock on another.
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 2 });
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const explain = async (
    shape: string,
    statement: string,
    query: Statement,
  ): Promise<PlanCheck> => {
    const result = await pool.query<Record<string, string>>(`explain ${query.sql}`, query.params);
    const plan = result.rows.map((row) => Object.values(row)[0]).join('\n');
    return { shape, statement, plan, seqScanOnCourses: /Seq Scan on courses\b/.test(plan) };
  };
  try {
    const { db } = database;
    const checks = [
      await explain('every catalogue GET', 'catalogue version', catalogueVersionQuery(db).toSQL()),
    ];
    for (const [shape, query] of Object.entries(shapes)) {
      const { page, total, filtered } = catalogueQueries(db, query);
      checks.push(await explain(shape, 'page', page.toSQL()));
      // Unfiltered, the total comes with the catalogue version: no count runs.
      if (filtered) checks.push(await explain(shape, 'count', total.toSQL()));
    }
    checks.push(
      await explain('course detail', 'course', {
        sql: 'select * from courses where id = $1 limit 1',
        params: [courseId],
      }),
      await explain('course detail', 'reviews', {
        sql: 'select * from reviews where course_id = $1 order by created_at desc, id desc',
        params: [courseId],
      }),
    );
    // EXPLAIN without ANALYZE runs nothing: no seat is taken, no order written.
    const placement = orderStatement({
      userId: '00000000-0000-4000-8000-000000000000',
      userName: 'Plan',
      userEmail: 'plan@example.com',
      address: '1 Rue',
      city: 'Tunis',
      postalCode: '1000',
      country: 'France',
      paymentMethod: 'Card',
      itemsPrice: 20,
      shippingPrice: 100,
      taxPrice: 3,
      totalPrice: 123,
      idempotencyKey: null,
      holdExpiresAt: new Date(),
      placedBy: { isAdmin: false },
      placedAt: new Date(),
      lines: orderCourseIds.map((id) => ({
        courseId: id,
        name: 'x',
        qty: 1,
        price: 10,
        image: '',
      })),
    });
    checks.push(await explain('order placement', 'seats and order', dialect.sqlToQuery(placement)));
    return checks;
  } finally {
    await pool.end();
    await database.close();
  }
}
