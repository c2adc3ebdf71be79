-- The dashboard's course sales per Tunis day (order_sales_daily, migration 0012), kept by
-- triggers whatever statement changes an order or its lines (issue 19). An order counts while
-- its status is paid or learned, with its lines, on the Tunis day it was placed (created_at):
--   * an order entering or leaving paid/learned (pay, mark paid, cancel with refund, or any
--     other writer), or placed-at moving while it counts: its lines are added or taken away;
--   * lines written, changed or deleted while their order counts (an order inserted already
--     paid, then its lines, as the benchmark loads them): the difference is applied;
--   * a counted order deleted: its lines are taken away before they go (the cascade then finds
--     no order, so nothing twice); TRUNCATE of either table empties the summary.
-- Placing an order (pending) and the expiry sweeper (pending -> expired) change no summary row,
-- and the update trigger's WHEN clause keeps them from even calling a function. Every trigger
-- writes with one INSERT … ON CONFLICT in (day, course_id, name) order, so concurrent
-- transactions lock summary rows in the same order and cannot deadlock on them.
-- Limitation: one statement must not both change an order's status and add lines to that
-- order (both triggers would count the lines); no writer of the shop does.
LOCK TABLE "orders", "order_items" IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE FUNCTION "order_sales_order_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO order_sales_daily AS s (day, course_id, name, lines, seats, revenue)
    SELECT (OLD.created_at AT TIME ZONE 'Africa/Tunis')::date, i.course_id, i.name,
           -count(*), -sum(i.qty), -sum(i.qty * i.price)
      FROM order_items i
     WHERE i.order_id = OLD.id
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (day, course_id, name) DO UPDATE
      SET lines = s.lines + excluded.lines, seats = s.seats + excluded.seats,
          revenue = s.revenue + excluded.revenue;
    RETURN OLD;
  END IF;
  -- UPDATE: what the order counted before (-1) and what it counts now (+1).
  INSERT INTO order_sales_daily AS s (day, course_id, name, lines, seats, revenue)
  SELECT c.day, i.course_id, i.name, sum(c.sign), sum(c.sign * i.qty), sum(c.sign * i.qty * i.price)
    FROM (VALUES
            ((OLD.created_at AT TIME ZONE 'Africa/Tunis')::date,
             CASE WHEN OLD.status IN ('paid', 'learned') THEN -1 ELSE 0 END),
            ((NEW.created_at AT TIME ZONE 'Africa/Tunis')::date,
             CASE WHEN NEW.status IN ('paid', 'learned') THEN 1 ELSE 0 END)
         ) AS c(day, sign)
    JOIN order_items i ON i.order_id = NEW.id
   WHERE c.sign <> 0
   GROUP BY c.day, i.course_id, i.name
  HAVING sum(c.sign) <> 0
   ORDER BY c.day, i.course_id, i.name
  ON CONFLICT (day, course_id, name) DO UPDATE
    SET lines = s.lines + excluded.lines, seats = s.seats + excluded.seats,
        revenue = s.revenue + excluded.revenue;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_sales_update" AFTER UPDATE OF "status", "created_at" ON "orders"
  FOR EACH ROW
  WHEN ((OLD.status IN ('paid', 'learned')) IS DISTINCT FROM (NEW.status IN ('paid', 'learned'))
    OR (OLD.created_at IS DISTINCT FROM NEW.created_at AND NEW.status IN ('paid', 'learned')))
  EXECUTE FUNCTION "order_sales_order_changed"();
--> statement-breakpoint
CREATE TRIGGER "orders_sales_delete" BEFORE DELETE ON "orders"
  FOR EACH ROW WHEN (OLD.status IN ('paid', 'learned'))
  EXECUTE FUNCTION "order_sales_order_changed"();
--> statement-breakpoint
CREATE FUNCTION "order_sales_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- PL/pgSQL plans a statement when it first runs it: each branch reads only the transition
  -- tables its trigger has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_sales_daily AS s (day, course_id, name, lines, seats, revenue)
    SELECT (o.created_at AT TIME ZONE 'Africa/Tunis')::date, i.course_id, i.name,
           count(*), sum(i.qty), sum(i.qty * i.price)
      FROM new_lines i JOIN orders o ON o.id = i.order_id
     WHERE o.status IN ('paid', 'learned')
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (day, course_id, name) DO UPDATE
      SET lines = s.lines + excluded.lines, seats = s.seats + excluded.seats,
          revenue = s.revenue + excluded.revenue;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_sales_daily AS s (day, course_id, name, lines, seats, revenue)
    SELECT (o.created_at AT TIME ZONE 'Africa/Tunis')::date, i.course_id, i.name,
           -count(*), -sum(i.qty), -sum(i.qty * i.price)
      FROM old_lines i JOIN orders o ON o.id = i.order_id
     WHERE o.status IN ('paid', 'learned')
     GROUP BY 1, 2, 3
     ORDER BY 1, 2, 3
    ON CONFLICT (day, course_id, name) DO UPDATE
      SET lines = s.lines + excluded.lines, seats = s.seats + excluded.seats,
          revenue = s.revenue + excluded.revenue;
  ELSE
    INSERT INTO order_sales_daily AS s (day, course_id, name, lines, seats, revenue)
    SELECT (o.created_at AT TIME ZONE 'Africa/Tunis')::date, d.course_id, d.name,
           sum(d.sign), sum(d.sign * d.qty), sum(d.sign * d.qty * d.price)
      FROM (SELECT order_id, course_id, name, qty, price, 1 AS sign FROM new_lines
            UNION ALL
            SELECT order_id, course_id, name, qty, price, -1 AS sign FROM old_lines) d
      JOIN orders o ON o.id = d.order_id
     WHERE o.status IN ('paid', 'learned')
     GROUP BY 1, 2, 3
    HAVING sum(d.sign) <> 0 OR sum(d.sign * d.qty) <> 0 OR sum(d.sign * d.qty * d.price) <> 0
     ORDER BY 1, 2, 3
    ON CONFLICT (day, course_id, name) DO UPDATE
      SET lines = s.lines + excluded.lines, seats = s.seats + excluded.seats,
          revenue = s.revenue + excluded.revenue;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_insert" AFTER INSERT ON "order_items"
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "order_sales_lines_changed"();
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_update" AFTER UPDATE ON "order_items"
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "order_sales_lines_changed"();
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_delete" AFTER DELETE ON "order_items"
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "order_sales_lines_changed"();
--> statement-breakpoint
CREATE FUNCTION "order_sales_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_sales_daily;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_sales_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_sales_truncated"();
--> statement-breakpoint
CREATE TRIGGER "order_items_sales_truncate" AFTER TRUNCATE ON "order_items"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_sales_truncated"();
--> statement-breakpoint
-- The orders already there (the tables stay locked until this migration commits).
INSERT INTO order_sales_daily (day, course_id, name, lines, seats, revenue)
SELECT (o.created_at AT TIME ZONE 'Africa/Tunis')::date, i.course_id, i.name,
       count(*), sum(i.qty), sum(i.qty * i.price)
  FROM orders o JOIN order_items i ON i.order_id = o.id
 WHERE o.status IN ('paid', 'learned')
 GROUP BY 1, 2, 3
 ORDER BY 1, 2, 3;
