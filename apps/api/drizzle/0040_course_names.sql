-- Issue 54: an order line keeps its course's name in every language it was sold with
-- ({"en": main name, "fr"?: …, "ar"?: …}, a language absent when the course had no name in it),
-- written by the placing statement from the locked course row; readers pick the reader's language.
ALTER TABLE "order_items" ADD COLUMN "course_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Lines placed before: the line's own name as the main one, the course's current French and
-- Arabic names (the closest to what was shown that is still known); a course gone: the line's name.
UPDATE "order_items" AS i SET "course_names" = jsonb_strip_nulls(jsonb_build_object(
	'en', i."name", 'fr', nullif(c."name_fr", ''), 'ar', nullif(c."name_ar", '')))
FROM "courses" AS c WHERE c."id" = i."course_id";--> statement-breakpoint
UPDATE "order_items" SET "course_names" = jsonb_build_object('en', "name") WHERE "course_names" = '{}'::jsonb;--> statement-breakpoint
-- A certificate keeps the order's course names as issued, joined with ", " per language (the
-- main name for a line without one), beside `course` (the main text, searched and shown as before).
ALTER TABLE "certificates" ADD COLUMN "course_names" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "certificates" AS ct SET "course_names" = names.value
FROM (
	SELECT i."order_id", jsonb_build_object(
		'en', string_agg(i."name", ', ' ORDER BY i."position", i."id"),
		'fr', string_agg(coalesce(i."course_names"->>'fr', i."name"), ', ' ORDER BY i."position", i."id"),
		'ar', string_agg(coalesce(i."course_names"->>'ar', i."name"), ', ' ORDER BY i."position", i."id")) AS value
	FROM "order_items" AS i GROUP BY i."order_id"
) AS names
WHERE names."order_id" = ct."order_id";
